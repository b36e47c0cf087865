import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { confirmSignIn, fetchAuthSession, signIn, signOut } from 'aws-amplify/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POOL, startPool, type RunningPool, FLOW_TEST } from '../helpers';
import { configureAmplify, uniqueEmail } from './amplify-client';

const IDENTITY_DIR = fileURLToPath(new URL('../..', import.meta.url));

describe('operator CLI + aws-amplify: NEW_PASSWORD_REQUIRED', FLOW_TEST, () => {
  let pool: RunningPool;
  beforeAll(async () => {
    pool = await startPool();
    configureAmplify(pool);
  });
  afterAll(() => pool.stop());

  const cli = (...args: string[]) =>
    promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
      cwd: IDENTITY_DIR,
      env: {
        ...process.env,
        DATA_DIR: pool.dataRoot,
        COGNITO_USER_POOL_ID: POOL.userPoolId,
        COGNITO_CLIENT_ID: POOL.clientId,
      },
    });

  it('makes an admin with a temporary password who must choose a new one at first sign-in', async () => {
    const email = uniqueEmail('invited');
    const created = await cli(
      'create-user',
      '--email',
      email,
      '--name',
      'Grace Hopper',
      '--temporary-password',
      'temporary-1',
      '--admin',
    );
    expect(created.stdout).toContain(`created ${email}`);
    const outbox = await fetch(`${pool.base}/dev/outbox?to=${encodeURIComponent(email)}`);
    expect(await outbox.json()).toMatchObject([
      { subject: 'Your temporary password', body: expect.stringContaining('temporary-1') },
    ]);

    const first = await signIn({ username: email, password: 'temporary-1' });
    expect(first.nextStep).toMatchObject({
      signInStep: 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED',
    });
    const done = await confirmSignIn({ challengeResponse: 'my-own-password' });
    expect(done.isSignedIn).toBe(true);
    const { tokens } = await fetchAuthSession();
    expect(tokens?.idToken?.payload).toMatchObject({
      email,
      email_verified: true,
      name: 'Grace Hopper',
      'cognito:groups': ['admin'],
    });
    await signOut();

    await expect(signIn({ username: email, password: 'temporary-1' })).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
    expect((await signIn({ username: email, password: 'my-own-password' })).isSignedIn).toBe(true);
    await signOut();

    await cli('set-temporary-password', '--email', email, '--temporary-password', 'temporary-2');
    await cli('set-admin', '--email', email, '--off');
    const again = await signIn({ username: email, password: 'temporary-2' });
    expect(again.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED');
    await confirmSignIn({ challengeResponse: 'another-password' });
    const { tokens: after } = await fetchAuthSession();
    expect(after?.idToken?.payload['cognito:groups']).toBeUndefined();
    await signOut();
    // Three CLI processes, each starting tsx: slow on a busy machine.
  }, 60_000);

  it('explains itself when called without a command', async () => {
    await expect(cli()).rejects.toMatchObject({
      code: 2,
      stdout: expect.stringContaining('create-user'),
    });
  });
});
