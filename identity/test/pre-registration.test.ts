import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cognitoCall,
  FLOW_TEST,
  passwordSignIn,
  POOL,
  startPool,
  type RunningPool,
} from './helpers';

/**
 * Someone signs up with another person's address and never confirms: the owner must still be
 * able to sign up, and whoever proves the address with the mailed code sets the password.
 */
describe('identity: an unconfirmed sign-up of someone else’s address', FLOW_TEST, () => {
  let pool: RunningPool;
  beforeAll(async () => {
    pool = await startPool();
  });
  afterAll(() => pool.stop());

  const signUp = (email: string, password: string, name: string) =>
    cognitoCall(pool.endpoint, 'SignUp', {
      ClientId: POOL.clientId,
      Username: email,
      Password: password,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'name', Value: name },
      ],
    });
  const confirm = (email: string, code: string) =>
    cognitoCall(pool.endpoint, 'ConfirmSignUp', {
      ClientId: POOL.clientId,
      Username: email,
      ConfirmationCode: code,
    });
  async function codesMailedTo(email: string): Promise<string[]> {
    const response = await fetch(`${pool.base}/dev/outbox?to=${encodeURIComponent(email)}`);
    const messages = (await response.json()) as { body: string }[];
    return messages.map((message) => /\b(\d{6})\b/.exec(message.body)?.[1] ?? '');
  }

  it('is replaced by the owner’s sign-up: the owner’s password and name, the squatter locked out', async () => {
    const owner = 'owner@example.com';
    const squatter = await signUp(owner, 'squatter-password', 'Squatter');
    expect(squatter.status).toBe(200);

    const own = await signUp(owner, 'owner-password', 'Owner');
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ UserConfirmed: false });
    expect(own.body.UserSub).not.toBe(squatter.body.UserSub);

    // Newest first: the owner's code, then the one the squatter's sign-up mailed.
    const [ownersCode = '', squattersCode = ''] = await codesMailedTo(owner);
    expect((await confirm(owner, squattersCode)).status).toBe(400);
    expect((await confirm(owner, ownersCode)).status).toBe(200);

    const stranger = await passwordSignIn(pool, owner, 'squatter-password');
    expect(stranger.body).toMatchObject({ __type: 'NotAuthorizedException' });
    const signedIn = await passwordSignIn(pool, owner, 'owner-password');
    expect(signedIn.status).toBe(200);
    const tokens = signedIn.body.AuthenticationResult as { AccessToken: string };
    const user = await cognitoCall(pool.endpoint, 'GetUser', { AccessToken: tokens.AccessToken });
    expect(user.body.UserAttributes).toEqual(
      expect.arrayContaining([
        { Name: 'email_verified', Value: 'true' },
        { Name: 'name', Value: 'Owner' },
      ]),
    );

    // Confirmed now: the address is taken for good.
    expect((await signUp(owner, 'squatter-password', 'Squatter')).body).toMatchObject({
      __type: 'UsernameExistsException',
    });
  });
});
