import { signIn, signOut } from 'aws-amplify/auth';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { passwordMatches } from '../src/srp/password-verifier';
import type * as PasswordVerifierModule from '../src/srp/password-verifier';
import { configureAmplify } from './contract/amplify-client';
import {
  cognitoCall,
  confirmedUser,
  FLOW_TEST,
  passwordSignIn,
  POOL,
  startPool,
  type RunningPool,
} from './helpers';

const QUIET_MINUTES = 16 * 60_000;

// The password check, watched: how much work a sign-in does is seen, not timed.
vi.mock('../src/srp/password-verifier', async (importOriginal) => {
  const original = await importOriginal<typeof PasswordVerifierModule>();
  return { ...original, passwordMatches: vi.fn(original.passwordMatches) };
});

/**
 * With user-existence errors prevented (the default), nothing an unauthenticated caller can
 * observe may tell a real e-mail from an unknown one: not the messages, not when limits start,
 * not how long a wrong password takes.
 */
describe('identity: unknown usernames answer like real ones', FLOW_TEST, () => {
  let pool: RunningPool;
  let n = 0;
  const email = (label: string) => `${label}.${(n += 1)}@example.com`;
  beforeAll(async () => {
    pool = await startPool();
    configureAmplify(pool);
    pool.freeze();
  });
  // Every test starts with the source's and the subjects' windows behind it.
  afterEach(async () => {
    await signOut();
    pool.advance(QUIET_MINUTES);
  });
  afterAll(() => pool.stop());

  /** A real, confirmed e-mail and one no account has. */
  async function knownAndUnknown(): Promise<[string, string]> {
    const known = email('known');
    await confirmedUser(pool, known, 'the-password');
    return [known, email('nobody')];
  }

  it('InitiateAuth USER_PASSWORD_AUTH: an unknown username is locked out after five wrong passwords too', async () => {
    for (const username of await knownAndUnknown()) {
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        expect((await passwordSignIn(pool, username, 'wrong-password')).body).toEqual({
          __type: 'NotAuthorizedException',
          message: 'Incorrect username or password.',
        });
      }
      expect((await passwordSignIn(pool, username, 'wrong-password')).body).toEqual({
        __type: 'NotAuthorizedException',
        message: 'Password attempts exceeded',
      });
    }
  });

  // security.test.ts pins the same sequence for a real account.
  it('RespondToAuthChallenge PASSWORD_VERIFIER: aws-amplify (SRP) meets the lock-out for an unknown username too', async () => {
    const username = email('nobody');
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await expect(signIn({ username, password: 'wrong-password' })).rejects.toMatchObject({
        name: 'NotAuthorizedException',
        message: 'Incorrect username or password.',
      });
    }
    await expect(signIn({ username, password: 'wrong-password' })).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Password attempts exceeded',
    });
  });

  it('InitiateAuth USER_SRP_AUTH: the uuid an unknown e-mail is given has its salt and its lock-out', async () => {
    for (const username of await knownAndUnknown()) {
      const srp = async (name: string) =>
        (
          await cognitoCall(pool.endpoint, 'InitiateAuth', {
            ClientId: POOL.clientId,
            AuthFlow: 'USER_SRP_AUTH',
            AuthParameters: { USERNAME: name, SRP_A: 'abcdef0123' },
          })
        ).body.ChallengeParameters as Record<string, string>;
      const byEmail = await srp(username);
      const uuid = byEmail.USER_ID_FOR_SRP ?? '';
      expect(uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect((await srp(uuid)).SALT).toBe(byEmail.SALT);
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        await passwordSignIn(pool, username, 'wrong-password');
      }
      expect((await passwordSignIn(pool, uuid, 'wrong-password')).body.message).toBe(
        'Password attempts exceeded',
      );
    }
  });

  it('ForgotPassword: LimitExceededException from the 11th request for an unknown username too', async () => {
    for (const username of await knownAndUnknown()) {
      const forgot = () =>
        cognitoCall(pool.endpoint, 'ForgotPassword', {
          ClientId: POOL.clientId,
          Username: username,
        });
      for (let i = 0; i < 10; i += 1) {
        expect((await forgot()).body).toEqual({
          CodeDeliveryDetails: {
            AttributeName: 'email',
            DeliveryMedium: 'EMAIL',
            Destination: `${username[0]}***@e***.com`,
          },
        });
      }
      expect((await forgot()).body).toEqual({
        __type: 'LimitExceededException',
        message: 'Attempt limit exceeded, please try after some time.',
      });
    }
  });

  it('ConfirmForgotPassword: the same answers in the same order for an unknown username', async () => {
    for (const username of await knownAndUnknown()) {
      const confirm = (code: string, password = 'new-password') =>
        cognitoCall(pool.endpoint, 'ConfirmForgotPassword', {
          ClientId: POOL.clientId,
          Username: username,
          ConfirmationCode: code,
          Password: password,
        }).then((response) => response.body);
      expect(await confirm('123456', 'short')).toEqual({
        __type: 'InvalidPasswordException',
        message: 'Password did not conform with policy: Password not long enough',
      });
      // No code asked for yet.
      expect(await confirm('123456')).toEqual({
        __type: 'ExpiredCodeException',
        message: 'Invalid code provided, please request a code again.',
      });
      await cognitoCall(pool.endpoint, 'ForgotPassword', {
        ClientId: POOL.clientId,
        Username: username,
      });
      // A real code is read from the mail; either way, guesses miss five times, then it is gone.
      const sent = await pool.latestCode(username).catch(() => '');
      const wrong = sent === '000000' ? '111111' : '000000';
      for (let guess = 0; guess < 5; guess += 1) {
        expect(await confirm(wrong)).toEqual({
          __type: 'CodeMismatchException',
          message: 'Invalid verification code provided, please try again.',
        });
      }
      expect((await confirm(wrong)).__type).toBe('ExpiredCodeException');
    }
  });

  it('InitiateAuth USER_PASSWORD_AUTH: a wrong password costs the same work for an unknown username', async () => {
    const checks = vi.mocked(passwordMatches);
    const work = [];
    for (const username of await knownAndUnknown()) {
      checks.mockClear();
      const response = await passwordSignIn(pool, username, 'wrong-password');
      expect(response.body.message).toBe('Incorrect username or password.');
      // One SRP verifier computed from the password (the work), compared with a stored one.
      expect(checks).toHaveBeenCalledTimes(1);
      const [, , password, stored] = checks.mock.calls[0]!;
      expect(password).toBe('wrong-password');
      expect(stored.verifier).toMatch(/^[0-9a-f]{700,}$/);
      work.push({ salt: stored.salt.length });
      expect(checks.mock.results[0]).toEqual({ type: 'return', value: false });
    }
    expect(work[1]).toEqual(work[0]);
  });
});
