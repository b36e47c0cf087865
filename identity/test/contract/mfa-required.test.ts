import { confirmSignIn, signIn, signOut } from 'aws-amplify/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmedUser, startPool, type RunningPool, FLOW_TEST } from '../helpers';
import { authenticatorCode, configureAmplify, uniqueEmail } from './amplify-client';

describe('aws-amplify: required MFA (MFA_SETUP during sign-in)', FLOW_TEST, () => {
  let pool: RunningPool;
  beforeAll(async () => {
    pool = await startPool({ mfa: 'ON' });
    configureAmplify(pool);
  });
  afterAll(() => pool.stop());

  it('sets up an authenticator during the first sign-in, then asks for its codes', async () => {
    const email = uniqueEmail('mfa-on');
    await confirmedUser(pool, email, 'mfa-password');

    const first = await signIn({ username: email, password: 'mfa-password' });
    expect(first.nextStep).toMatchObject({
      signInStep: 'CONTINUE_SIGN_IN_WITH_MFA_SETUP_SELECTION',
      allowedMFATypes: ['TOTP', 'EMAIL'],
    });
    const setup = await confirmSignIn({ challengeResponse: 'TOTP' });
    if (setup.nextStep.signInStep !== 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP') {
      throw new Error(`unexpected step ${setup.nextStep.signInStep}`);
    }
    const secret = setup.nextStep.totpSetupDetails.sharedSecret;
    const done = await confirmSignIn({ challengeResponse: authenticatorCode(secret, pool.now()) });
    expect(done.isSignedIn).toBe(true);
    await signOut();

    const again = await signIn({ username: email, password: 'mfa-password' });
    expect(again.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_TOTP_CODE');
    // The setup code is spent; the app shows the next one 30 s later.
    pool.advance(30_000);
    const next = authenticatorCode(secret, pool.now());
    expect((await confirmSignIn({ challengeResponse: next })).isSignedIn).toBe(true);
    await signOut();
  });

  it('sets up e-mail codes during the first sign-in', async () => {
    const email = uniqueEmail('mfa-email');
    await confirmedUser(pool, email, 'mfa-password');
    await signIn({ username: email, password: 'mfa-password' });
    const setup = await confirmSignIn({ challengeResponse: 'EMAIL' });
    expect(setup.nextStep.signInStep).toBe('CONTINUE_SIGN_IN_WITH_EMAIL_SETUP');
    const sent = await confirmSignIn({ challengeResponse: email });
    expect(sent.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_EMAIL_CODE');
    const done = await confirmSignIn({ challengeResponse: await pool.latestCode(email) });
    expect(done.isSignedIn).toBe(true);
    await signOut();

    const again = await signIn({ username: email, password: 'mfa-password' });
    expect(again.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_EMAIL_CODE');
  });
});
