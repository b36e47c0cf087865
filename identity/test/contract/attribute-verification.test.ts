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

  it('keeps the verified e-mail until the new one is proved with the mailed code', async () => {
    const email = uniqueEmail('before');
    const changed = uniqueEmail('after');
    await confirmedUser(pool, email, 'attr-password');
    await signIn({ username: email, password: 'attr-password' });

    const update = await updateUserAttributes({ userAttributes: { email: changed } });
    expect(update.email).toMatchObject({
      isUpdated: false,
      nextStep: { updateAttributeStep: 'CONFIRM_ATTRIBUTE_WITH_CODE' },
    });
    // Cognito's verification before update: the account is still the old, verified address.
    expect(await fetchUserAttributes()).toMatchObject({ email, email_verified: 'true' });

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

  it('never gives an account an address it has not proved: its owner can still sign up', async () => {
    const attacker = uniqueEmail('claimer');
    const owner = uniqueEmail('owner');
    await confirmedUser(pool, attacker, 'attacker-password');
    await signIn({ username: attacker, password: 'attacker-password' });
    await updateUserAttributes({ userAttributes: { email: owner } });
    await signOut();

    await expect(signIn({ username: owner, password: 'attacker-password' })).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
    await confirmedUser(pool, owner, 'owner-password');
    expect((await signIn({ username: owner, password: 'owner-password' })).isSignedIn).toBe(true);
    await signOut();

    // The claimer's code, even if it were known, no longer moves the address to that account.
    await signIn({ username: attacker, password: 'attacker-password' });
    await expect(
      confirmUserAttribute({
        userAttributeKey: 'email',
        confirmationCode: await pool.latestCode(owner),
      }),
    ).rejects.toMatchObject({ name: expect.stringMatching(/CodeMismatch|AliasExists/) });
    expect(await fetchUserAttributes()).toMatchObject({ email: attacker });
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
