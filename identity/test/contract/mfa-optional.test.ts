import {
  confirmSignIn,
  fetchMFAPreference,
  setUpTOTP,
  signIn,
  signOut,
  updateMFAPreference,
  verifyTOTPSetup,
} from 'aws-amplify/auth';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { confirmedUser, startPool, type RunningPool, FLOW_TEST } from '../helpers';
import { authenticatorCode, configureAmplify, uniqueEmail } from './amplify-client';

describe('aws-amplify: optional MFA (authenticator app and e-mail codes)', FLOW_TEST, () => {
  let pool: RunningPool;
  beforeAll(async () => {
    pool = await startPool({ mfa: 'OPTIONAL' });
    configureAmplify(pool);
  });
  afterEach(() => signOut());
  afterAll(() => pool.stop());

  async function signedInUser(): Promise<string> {
    const email = uniqueEmail('mfa');
    await confirmedUser(pool, email, 'mfa-password');
    expect((await signIn({ username: email, password: 'mfa-password' })).isSignedIn).toBe(true);
    return email;
  }

  /** The app's code for now; after `nextStep`, for the next 30-second step (codes work once). */
  function codeFor(secret: string, nextStep = false): string {
    if (nextStep) pool.advance(30_000);
    return authenticatorCode(secret, pool.now());
  }

  /** A code that is not the app's, whatever step it is. */
  const wrongCodeFor = (secret: string) => (codeFor(secret) === '000000' ? '111111' : '000000');

  it('sets up TOTP and then signs in with an authenticator code, each code once', async () => {
    const email = await signedInUser();
    const setup = await setUpTOTP();
    expect(setup.getSetupUri('Studio', email).toString()).toMatch(/^otpauth:\/\/totp\//);
    await verifyTOTPSetup({ code: codeFor(setup.sharedSecret) });
    await updateMFAPreference({ totp: 'PREFERRED' });
    expect(await fetchMFAPreference()).toEqual({ enabled: ['TOTP'], preferred: 'TOTP' });
    await signOut();

    const first = await signIn({ username: email, password: 'mfa-password' });
    expect(first.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_TOTP_CODE');
    await expect(
      confirmSignIn({ challengeResponse: wrongCodeFor(setup.sharedSecret) }),
    ).rejects.toMatchObject({ name: 'CodeMismatchException' });
    const code = codeFor(setup.sharedSecret, true);
    expect((await confirmSignIn({ challengeResponse: code })).isSignedIn).toBe(true);
    await signOut();

    await signIn({ username: email, password: 'mfa-password' });
    await expect(confirmSignIn({ challengeResponse: code })).rejects.toMatchObject({
      name: 'CodeMismatchException',
    });
    const next = codeFor(setup.sharedSecret, true);
    expect((await confirmSignIn({ challengeResponse: next })).isSignedIn).toBe(true);
  });

  it('VerifySoftwareToken: a wrong code is EnableSoftwareTokenMFAException in Cognito words', async () => {
    await signedInUser();
    const setup = await setUpTOTP();
    await expect(verifyTOTPSetup({ code: wrongCodeFor(setup.sharedSecret) })).rejects.toMatchObject(
      {
        name: 'EnableSoftwareTokenMFAException',
        message: 'Code mismatch and fail enable Software Token MFA',
      },
    );
  });

  it('ends the sign-in after five wrong authenticator codes', async () => {
    const email = await signedInUser();
    const setup = await setUpTOTP();
    await verifyTOTPSetup({ code: codeFor(setup.sharedSecret) });
    await updateMFAPreference({ totp: 'PREFERRED' });
    await signOut();

    await signIn({ username: email, password: 'mfa-password' });
    const wrong = wrongCodeFor(setup.sharedSecret);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await expect(confirmSignIn({ challengeResponse: wrong })).rejects.toMatchObject({
        name: 'CodeMismatchException',
      });
    }
    await expect(
      confirmSignIn({ challengeResponse: codeFor(setup.sharedSecret, true) }),
    ).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Invalid session for the user, session is expired.',
    });
  });

  it('signs in with an e-mailed code (EMAIL_OTP)', async () => {
    const email = await signedInUser();
    await updateMFAPreference({ email: 'PREFERRED' });
    await signOut();

    const first = await signIn({ username: email, password: 'mfa-password' });
    expect(first.nextStep).toMatchObject({
      signInStep: 'CONFIRM_SIGN_IN_WITH_EMAIL_CODE',
      codeDeliveryDetails: { deliveryMedium: 'EMAIL' },
    });
    const done = await confirmSignIn({ challengeResponse: await pool.latestCode(email) });
    expect(done.isSignedIn).toBe(true);
  });

  it('lets a user with two factors and no preference choose one (SELECT_MFA_TYPE)', async () => {
    const email = await signedInUser();
    const setup = await setUpTOTP();
    await verifyTOTPSetup({ code: codeFor(setup.sharedSecret) });
    await updateMFAPreference({ totp: 'ENABLED', email: 'ENABLED' });
    await signOut();

    const first = await signIn({ username: email, password: 'mfa-password' });
    expect(first.nextStep).toMatchObject({
      signInStep: 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION',
      allowedMFATypes: ['TOTP', 'EMAIL'],
    });
    const chosen = await confirmSignIn({ challengeResponse: 'EMAIL' });
    expect(chosen.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_EMAIL_CODE');
    const done = await confirmSignIn({ challengeResponse: await pool.latestCode(email) });
    expect(done.isSignedIn).toBe(true);
  });
});
