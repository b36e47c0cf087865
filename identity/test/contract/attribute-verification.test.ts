import {
  confirmUserAttribute,
  fetchUserAttributes,
  sendUserAttributeVerificationCode,
  signIn,
  signOut,
  updateUserAttributes,
} from 'aws-amplify/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmedUser, startPool, type RunningPool, FLOW_TEST } from '../helpers';
import { configureAmplify, uniqueEmail } from './amplify-client';

describe('aws-amplify: changing and verifying the e-mail attribute', FLOW_TEST, () => {
  let pool: RunningPool;
  beforeAll(async () => {
    pool = await startPool();
    configureAmplify(pool);
  });
  afterAll(() => pool.stop());

  it('stores a new e-mail unverified and verifies it with the mailed code', async () => {
    const email = uniqueEmail('before');
    const changed = uniqueEmail('after');
    await confirmedUser(pool, email, 'attr-password');
    await signIn({ username: email, password: 'attr-password' });

    const update = await updateUserAttributes({ userAttributes: { email: changed } });
    expect(update.email).toMatchObject({
      isUpdated: false,
      nextStep: { updateAttributeStep: 'CONFIRM_ATTRIBUTE_WITH_CODE' },
    });
    expect(await fetchUserAttributes()).toMatchObject({ email: changed, email_verified: 'false' });

    const resent = await sendUserAttributeVerificationCode({ userAttributeKey: 'email' });
    expect(resent).toMatchObject({ deliveryMedium: 'EMAIL', attributeName: 'email' });
    await confirmUserAttribute({
      userAttributeKey: 'email',
      confirmationCode: await pool.latestCode(changed),
    });
    expect(await fetchUserAttributes()).toMatchObject({ email: changed, email_verified: 'true' });
    await signOut();
    expect((await signIn({ username: changed, password: 'attr-password' })).isSignedIn).toBe(true);
    await signOut();
  });

  it('refuses attributes outside the schema and read-only ones', async () => {
    const email = uniqueEmail('schema');
    await confirmedUser(pool, email, 'attr-password');
    await signIn({ username: email, password: 'attr-password' });
    await expect(
      updateUserAttributes({ userAttributes: { email_verified: 'true' } }),
    ).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'A client attempted to write unauthorized attribute',
    });
    await expect(
      updateUserAttributes({ userAttributes: { favourite_colour: 'blue' } }),
    ).rejects.toMatchObject({
      name: 'InvalidParameterException',
      message:
        'Attributes did not conform to the schema: Type for attribute {favourite_colour} could not be determined',
    });
    await signOut();
  });
});
