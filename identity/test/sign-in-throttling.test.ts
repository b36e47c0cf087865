import { signIn, signOut } from 'aws-amplify/auth';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { configureAmplify } from './contract/amplify-client';
import { confirmedUser, FLOW_TEST, passwordSignIn, startPool, type RunningPool } from './helpers';

const MINUTE = 60_000;
/** Callers at other addresses than the owner's aws-amplify (which comes from 127.0.0.1). */
const STRANGER = '203.0.113.7';

/**
 * Cognito's documented lock-out (five free failures, then 2^(n-5) s up to about 15 minutes,
 * attempts while locked not counted), kept per address, so a stranger cannot lock the owner out.
 */
describe('identity: sign-in throttling', FLOW_TEST, () => {
  let pool: RunningPool;
  let n = 0;
  const email = (label: string) => `${label}.${(n += 1)}@example.com`;
  beforeAll(async () => {
    pool = await startPool();
    configureAmplify(pool);
    pool.freeze();
  });
  afterEach(async () => {
    await signOut();
    pool.advance(60 * MINUTE);
  });
  afterAll(() => pool.stop());

  const ownerSignsIn = (username: string) =>
    expect(signIn({ username, password: 'the-password' })).resolves.toMatchObject({
      isSignedIn: true,
    });

  it("InitiateAuth: a stranger's wrong passwords lock the stranger out, not the owner", async () => {
    const owner = email('owner');
    await confirmedUser(pool, owner, 'the-password');
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await passwordSignIn(pool, owner, 'guess', STRANGER);
    }
    for (const password of ['guess', 'the-password']) {
      expect((await passwordSignIn(pool, owner, password, STRANGER)).body).toEqual({
        __type: 'NotAuthorizedException',
        message: 'Password attempts exceeded',
      });
    }
    await ownerSignsIn(owner);
  });

  it('InitiateAuth: a wrong password every 5 s for an hour keeps the lock at 15 minutes at most, and the owner gets in after it', async () => {
    const owner = email('hammered');
    await confirmedUser(pool, owner, 'the-password');
    const answers = new Set<unknown>();
    for (let second = 0; second < 3600; second += 5) {
      answers.add((await passwordSignIn(pool, owner, 'guess', STRANGER)).body.message);
      pool.advance(5000);
    }
    // Only these two answers: no LimitExceededException for aws-amplify to retry by itself.
    expect([...answers].sort()).toEqual([
      'Incorrect username or password.',
      'Password attempts exceeded',
    ]);
    // Even from the stranger's address, the right password works once the lock has run out.
    pool.advance(15 * MINUTE);
    expect((await passwordSignIn(pool, owner, 'the-password', STRANGER)).body).toHaveProperty(
      'AuthenticationResult',
    );
  });

  it('InitiateAuth: strangers at many addresses together wait; the address the owner uses does not', async () => {
    const owner = email('targeted');
    await confirmedUser(pool, owner, 'the-password');
    await ownerSignsIn(owner);
    await signOut();
    for (let address = 1; address <= 20; address += 1) {
      expect(
        (await passwordSignIn(pool, owner, 'guess', `198.51.100.${address}`)).body.message,
      ).toBe('Incorrect username or password.');
    }
    expect((await passwordSignIn(pool, owner, 'guess', '198.51.100.99')).body).toEqual({
      __type: 'NotAuthorizedException',
      message: 'Password attempts exceeded',
    });
    await ownerSignsIn(owner);
  });

  it('InitiateAuth: one address failing on many usernames is throttled (TooManyRequestsException)', async () => {
    const sprayer = '192.0.2.9';
    for (let account = 0; account < 50; account += 1) {
      expect(
        (await passwordSignIn(pool, email('sprayed'), 'Winter2026!', sprayer)).body.message,
      ).toBe('Incorrect username or password.');
    }
    expect((await passwordSignIn(pool, email('sprayed'), 'Winter2026!', sprayer)).body).toEqual({
      __type: 'TooManyRequestsException',
      message: 'Rate exceeded',
    });
    // Other addresses are not affected.
    expect(
      (await passwordSignIn(pool, email('sprayed'), 'Winter2026!', STRANGER)).body.message,
    ).toBe('Incorrect username or password.');
  });
});
