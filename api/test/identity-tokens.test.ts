import { createServer } from 'node:net';
import { join } from 'node:path';
import { IDENTITY_TEXT } from '@app/shared/spec';
import { identityPlugin } from '@app/identity';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { IDENTITY_PREFIX } from '../src/paths';
import { makeTempDir, removeDir } from './helpers';

/** The issuer names the port, so it must be known before the app starts listening. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (typeof address !== 'object' || address === null) throw new Error('no port');
  return address.port;
}

/**
 * The embedded identity service, mounted as main.ts mounts it, mints the tokens; the api checks
 * them against its JWKS over HTTP, exactly as under `pnpm start`.
 */
describe('tokens from the real identity service', { timeout: 30_000 }, () => {
  let dataDir: string;
  let app: FastifyInstance;
  let base: string;
  const email = `real-${Date.now()}@example.com`;
  const password = 'correct horse battery';

  async function cognito(operation: string, body: object): Promise<Record<string, unknown>> {
    const response = await fetch(`${base}${IDENTITY_PREFIX}/`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
      },
      body: JSON.stringify(body),
    });
    return (await response.json()) as Record<string, unknown>;
  }

  const getUser = async (token: string) => {
    const response = await fetch(`${base}/api/user`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  beforeAll(async () => {
    dataDir = await makeTempDir();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      SERVE_WEB: 'false',
    });
    app = await buildApp(config);
    const { region, userPoolId, clientId, issuer } = config.cognito;
    await app.register(identityPlugin, {
      prefix: IDENTITY_PREFIX,
      region,
      userPoolId,
      clientId,
      issuer,
      dataDir: join(config.dataDir, 'identity'),
    });
    await app.listen({ host: config.host, port });
  });
  afterAll(async () => {
    await app.close();
    await removeDir(dataDir);
  });

  it('accepts the id and access tokens of a signed-up, confirmed user, and rejects tampering', async () => {
    const clientId = 'studio-web';
    await cognito('SignUp', {
      ClientId: clientId,
      Username: email,
      Password: password,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'name', Value: 'Real Person' },
      ],
    });
    const outbox = await fetch(
      `${base}${IDENTITY_PREFIX}/dev/outbox?to=${encodeURIComponent(email)}`,
    );
    const [message] = (await outbox.json()) as { body: string }[];
    const code = /\b(\d{6})\b/.exec(message?.body ?? '')?.[1];
    expect(code).toBeDefined();
    await cognito('ConfirmSignUp', { ClientId: clientId, Username: email, ConfirmationCode: code });
    const signIn = await cognito('InitiateAuth', {
      ClientId: clientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    });
    const result = signIn.AuthenticationResult as { IdToken: string; AccessToken: string };

    const byId = await getUser(result.IdToken);
    expect(byId.status).toBe(200);
    expect(byId.body).toMatchObject({ email, name: 'Real Person', isAdmin: false });
    const byAccess = await getUser(result.AccessToken);
    expect(byAccess.status).toBe(200);
    expect(byAccess.body.email).toBe(email);

    const [header, payload, signature] = result.IdToken.split('.');
    const forged = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()),
        sub: 'x',
      }),
    ).toString('base64url');
    const tampered = await getUser(`${header}.${forged}.${signature}`);
    expect(tampered).toEqual({
      status: 401,
      body: { error: 'Unauthorized', message: IDENTITY_TEXT.notAuthenticated },
    });
  });
});
