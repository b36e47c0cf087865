import { deleteUser, signIn } from 'aws-amplify/auth';
import { openTokenRevocations, openUserAccounts } from '../src/index';
import { configureAmplify } from './contract/amplify-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cognitoCall,
  confirmedUser,
  FLOW_TEST,
  passwordSignIn,
  POOL,
  startPool,
  type RunningPool,
} from './helpers';

const PASSWORD = 'a long password';
const silent = { info: () => undefined, error: () => undefined } as never;

describe('deleting a user', FLOW_TEST, () => {
  let pool: RunningPool;
  beforeAll(async () => {
    pool = await startPool();
  });
  afterAll(() => pool.stop());

  async function signedIn(email: string) {
    const sub = await confirmedUser(pool, email, PASSWORD);
    const signIn = await passwordSignIn(pool, email, PASSWORD);
    const result = signIn.body.AuthenticationResult as { AccessToken: string };
    return { sub, accessToken: result.AccessToken };
  }

  it('DeleteUser: the user deletes itself; signing in again answers as for an unknown e-mail', async () => {
    const { accessToken } = await signedIn('self-delete@example.com');
    const deleted = await cognitoCall(pool.endpoint, 'DeleteUser', { AccessToken: accessToken });
    expect(deleted.status).toBe(200);
    const again = await passwordSignIn(pool, 'self-delete@example.com', PASSWORD);
    const unknown = await passwordSignIn(pool, 'never-signed-up@example.com', PASSWORD);
    expect(again.status).toBe(unknown.status);
    expect([again.type, again.body.message]).toEqual([unknown.type, unknown.body.message]);
    const getUser = await cognitoCall(pool.endpoint, 'GetUser', { AccessToken: accessToken });
    expect(getUser.type).toBe('NotAuthorizedException');
  });

  it("aws-amplify's deleteUser (the browser's step with Amazon Cognito) deletes the signed-in user", async () => {
    configureAmplify(pool);
    await confirmedUser(pool, 'amplify-delete@example.com', PASSWORD);
    await expect(
      signIn({ username: 'amplify-delete@example.com', password: PASSWORD }),
    ).resolves.toMatchObject({ isSignedIn: true });
    await deleteUser();
    const again = await passwordSignIn(pool, 'amplify-delete@example.com', PASSWORD);
    expect(again.type).toBe('NotAuthorizedException');
  });

  it('AdminDeleteUser from the host: the sessions are refused, a second delete finds nothing', async () => {
    const { sub, accessToken } = await signedIn('admin-delete@example.com');
    const session = JSON.parse(
      Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString(),
    ) as { origin_jti: string };
    const revocations = await openTokenRevocations(pool.dataDir);
    const accounts = await openUserAccounts({
      ...POOL,
      issuer: pool.issuer,
      dataDir: pool.dataDir,
    });
    try {
      expect(revocations.isRevoked(session.origin_jti)).toBe(false);
      expect(await accounts.deleteUser(sub)).toBe(true);
      expect(revocations.isRevoked(session.origin_jti)).toBe(true);
      expect(await accounts.deleteUser(sub)).toBe(false);
      await accounts.sendMail(
        { to: 'admin-delete@example.com', subject: 'Receipt', text: 'gone' },
        silent,
      );
      const outbox = await fetch(`${pool.base}/dev/outbox?to=admin-delete%40example.com`);
      expect(((await outbox.json()) as { subject: string }[])[0]?.subject).toBe('Receipt');
    } finally {
      await accounts.close();
      await revocations.close();
    }
  });
});
