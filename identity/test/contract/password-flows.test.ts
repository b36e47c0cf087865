import {
  autoSignIn,
  confirmResetPassword,
  confirmSignUp,
  fetchUserAttributes,
  resetPassword,
  signIn,
  signOut,
  signUp,
} from 'aws-amplify/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPublicJwks } from '../../src/index';
import { startPool, type RunningPool, FLOW_TEST } from '../helpers';
import { configureAmplify, uniqueEmail } from './amplify-client';

describe('aws-amplify: password sign-in and reset', FLOW_TEST, () => {
  let pool: RunningPool;
  beforeAll(async () => {
    pool = await startPool();
    configureAmplify(pool);
  });
  afterAll(() => pool.stop());

  async function confirmedUser(password: string): Promise<string> {
    const email = uniqueEmail('pw');
    await signUp({
      username: email,
      password,
      options: { userAttributes: { email, name: 'Pat' } },
    });
    await confirmSignUp({ username: email, confirmationCode: await pool.latestCode(email) });
    return email;
  }

  it('completes the auto sign-in the sign-up form asks for', async () => {
    const email = uniqueEmail('auto');
    await signUp({
      username: email,
      password: 'auto-password',
      options: { userAttributes: { email, name: 'Auto' }, autoSignIn: true },
    });
    const confirmed = await confirmSignUp({
      username: email,
      confirmationCode: await pool.latestCode(email),
    });
    expect(confirmed.nextStep.signUpStep).toBe('COMPLETE_AUTO_SIGN_IN');
    expect((await autoSignIn()).isSignedIn).toBe(true);
    expect((await fetchUserAttributes()).name).toBe('Auto');
    await signOut();
  });

  it('signs in with USER_PASSWORD_AUTH', async () => {
    const email = await confirmedUser('password-auth-1');
    const result = await signIn({
      username: email,
      password: 'password-auth-1',
      options: { authFlowType: 'USER_PASSWORD_AUTH' },
    });
    expect(result.isSignedIn).toBe(true);
    expect((await fetchUserAttributes()).email).toBe(email);
    await signOut();
  });

  it('reports a wrong password as NotAuthorizedException for SRP and plain password alike', async () => {
    const email = await confirmedUser('right-password');
    for (const authFlowType of ['USER_SRP_AUTH', 'USER_PASSWORD_AUTH'] as const) {
      await expect(
        signIn({ username: email, password: 'wrong-password', options: { authFlowType } }),
      ).rejects.toMatchObject({
        name: 'NotAuthorizedException',
        message: 'Incorrect username or password.',
      });
    }
  });

  it('turns an unconfirmed account into the CONFIRM_SIGN_UP step once the password is right', async () => {
    const email = uniqueEmail('unconfirmed');
    await signUp({
      username: email,
      password: 'unconfirmed-1',
      options: { userAttributes: { email, name: 'Una' } },
    });
    const result = await signIn({ username: email, password: 'unconfirmed-1' });
    expect(result.nextStep.signInStep).toBe('CONFIRM_SIGN_UP');
  });

  it('resets a forgotten password with the mailed code', async () => {
    const email = await confirmedUser('old-password');
    const reset = await resetPassword({ username: email });
    expect(reset.nextStep).toMatchObject({
      resetPasswordStep: 'CONFIRM_RESET_PASSWORD_WITH_CODE',
      codeDeliveryDetails: { deliveryMedium: 'EMAIL', attributeName: 'email' },
    });
    await confirmResetPassword({
      username: email,
      confirmationCode: await pool.latestCode(email),
      newPassword: 'new-password',
    });
    await expect(signIn({ username: email, password: 'old-password' })).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
    expect((await signIn({ username: email, password: 'new-password' })).isSignedIn).toBe(true);
    await signOut();
  });

  it('keeps users and signing keys across a restart', async () => {
    const email = await confirmedUser('survives-restart');
    const jwksBefore = await (await fetch(`${pool.issuer}/.well-known/jwks.json`)).json();
    const { dataDir } = pool;
    await pool.stop({ keepData: true });
    pool = await startPool({}, dataDir);
    configureAmplify(pool);
    const jwksAfter = await (await fetch(`${pool.issuer}/.well-known/jwks.json`)).json();
    expect(jwksAfter).toEqual(jwksBefore);
    expect(await readPublicJwks(dataDir)).toEqual(jwksAfter);
    expect((await signIn({ username: email, password: 'survives-restart' })).isSignedIn).toBe(true);
    await signOut();
  });
});
