import {
  fetchMFAPreference,
  setUpTOTP,
  signIn,
  signOut,
  updateMFAPreference,
  verifyTOTPSetup,
} from 'aws-amplify/auth';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { confirmedUser, FLOW_TEST, startPool, type RunningPool } from '../helpers';
import { authenticatorCode, configureAmplify, uniqueEmail } from './amplify-client';

/**
 * The spec's pool has MFA off: sign-in never asks for a second factor, so no factor may be set
 * up or reported either; a user must not believe a factor protects them when none is asked for.
 */
describe('aws-amplify: MFA off (the spec pool)', FLOW_TEST, () => {
  let pool: RunningPool;
  beforeAll(async () => {
    pool = await startPool({ mfa: 'OFF' });
    configureAmplify(pool);
  });
  afterEach(() => signOut());
  afterAll(() => pool.stop());

  async function signedInUser(password: string): Promise<string> {
    const email = uniqueEmail('mfa-off');
    await confirmedUser(pool, email, password);
    expect((await signIn({ username: email, password })).isSignedIn).toBe(true);
    return email;
  }

  const softwareTokenOff = {
    name: 'SoftwareTokenMFANotFoundException',
    message: 'Software Token MFA has not been enabled by the userPool',
  };

  it('AssociateSoftwareToken and VerifySoftwareToken: SoftwareTokenMFANotFoundException', async () => {
    await signedInUser('off-password');
    await expect(setUpTOTP()).rejects.toMatchObject(softwareTokenOff);
    await expect(verifyTOTPSetup({ code: '123456' })).rejects.toMatchObject(softwareTokenOff);
  });

  it('SetUserMFAPreference: turning a factor on is InvalidParameterException, turning it off works', async () => {
    const email = await signedInUser('off-password');
    await expect(updateMFAPreference({ totp: 'PREFERRED' })).rejects.toMatchObject({
      name: 'InvalidParameterException',
      message: 'Software Token MFA has not been enabled by the userPool',
    });
    await expect(updateMFAPreference({ email: 'ENABLED' })).rejects.toMatchObject({
      name: 'InvalidParameterException',
      message: 'Email MFA has not been enabled by the userPool',
    });
    await updateMFAPreference({ totp: 'DISABLED', email: 'DISABLED' });
    expect(await fetchMFAPreference()).toEqual({});
    await signOut();
    expect((await signIn({ username: email, password: 'off-password' })).isSignedIn).toBe(true);
  });

  it('GetUser: a factor set up while MFA was optional is neither reported nor asked for once it is off', async () => {
    const email = uniqueEmail('was-optional');
    await pool.stop({ keepData: true });
    pool = await startPool({ mfa: 'OPTIONAL' }, pool.dataDir);
    configureAmplify(pool);
    await confirmedUser(pool, email, 'off-password');
    await signIn({ username: email, password: 'off-password' });
    const setup = await setUpTOTP();
    await verifyTOTPSetup({ code: authenticatorCode(setup.sharedSecret, pool.now()) });
    await updateMFAPreference({ totp: 'PREFERRED' });
    expect(await fetchMFAPreference()).toEqual({ enabled: ['TOTP'], preferred: 'TOTP' });
    await signOut();

    await pool.stop({ keepData: true });
    pool = await startPool({ mfa: 'OFF' }, pool.dataDir);
    configureAmplify(pool);
    expect((await signIn({ username: email, password: 'off-password' })).isSignedIn).toBe(true);
    expect(await fetchMFAPreference()).toEqual({});
  });
});
