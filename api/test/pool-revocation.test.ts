import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { identityPlugin, issuerFor } from '@app/identity';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startApp, type RunningApp } from './helpers';
import { freePort } from './support/free-port';

const POOL = { region: 'us-east-1', userPoolId: 'us-east-1_elsewhere', clientId: 'studio-web' };
const MINUTES = 5;

/**
 * A user pool the api does not host (Amazon Cognito in production; here the identity service on
 * a port of its own, which speaks the same protocol): the api asks it whether a session ended
 * with GetUser, at most every COGNITO_REVOCATION_CHECK_MINUTES per session.
 */
describe('tokens of a user pool elsewhere', { timeout: 30_000 }, () => {
  let pool: FastifyInstance;
  let poolDir: string;
  let endpoint: string;
  let api: RunningApp;

  beforeAll(async () => {
    poolDir = await mkdtemp(join(tmpdir(), 'studio-pool-'));
    const port = await freePort();
    endpoint = `http://127.0.0.1:${port}/pool/`;
    const issuer = issuerFor(`http://127.0.0.1:${port}/pool`, POOL.userPoolId);
    pool = Fastify();
    await pool.register(identityPlugin, {
      prefix: '/pool',
      ...POOL,
      issuer,
      dataDir: join(poolDir, 'identity'),
    });
    await pool.listen({ host: '127.0.0.1', port });
    api = await startApp({
      DATA_DIR: join(poolDir, 'api'),
      SERVE_WEB: 'false',
      COGNITO_USER_POOL_ENDPOINT: endpoint,
      COGNITO_USER_POOL_ID: POOL.userPoolId,
      COGNITO_ISSUER: issuer,
      COGNITO_REVOCATION_CHECK_MINUTES: String(MINUTES),
    });
  });
  afterEach(() => vi.useRealTimers());
  afterAll(async () => {
    await api.app.close();
    await pool.close();
    await rm(poolDir, { recursive: true, force: true });
  });

  async function cognito(operation: string, body: object): Promise<Record<string, unknown>> {
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
      },
      body: JSON.stringify(body),
    });
    return (await response.json()) as Record<string, unknown>;
  }

  const statusOf = async (token: string) =>
    (await fetch(`${api.url}/api/user`, { headers: { authorization: `Bearer ${token}` } })).status;

  it('refuses a signed-out session within the check interval, its id token too', async () => {
    const email = 'elsewhere@example.com';
    await cognito('SignUp', {
      ClientId: POOL.clientId,
      Username: email,
      Password: 'a long password',
      UserAttributes: [{ Name: 'name', Value: 'Else Where' }],
    });
    const outbox = await fetch(`${endpoint}dev/outbox?to=${encodeURIComponent(email)}`);
    const [mail] = (await outbox.json()) as { body: string }[];
    await cognito('ConfirmSignUp', {
      ClientId: POOL.clientId,
      Username: email,
      ConfirmationCode: /\b(\d{6})\b/.exec(mail?.body ?? '')?.[1],
    });
    const signIn = await cognito('InitiateAuth', {
      ClientId: POOL.clientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: 'a long password' },
    });
    const tokens = signIn.AuthenticationResult as { IdToken: string; AccessToken: string };
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });

    expect(await statusOf(tokens.AccessToken)).toBe(200);
    expect(await statusOf(tokens.IdToken)).toBe(200);
    await cognito('GlobalSignOut', { AccessToken: tokens.AccessToken });
    // Asked less than the interval ago: the pool is not asked again yet.
    expect(await statusOf(tokens.AccessToken)).toBe(200);

    vi.setSystemTime(Date.now() + MINUTES * 60_000);
    expect(await statusOf(tokens.AccessToken)).toBe(401);
    expect(await statusOf(tokens.IdToken)).toBe(401);
  });
});
