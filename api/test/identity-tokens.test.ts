import { createServer } from 'node:net';
import { join } from 'node:path';
import { IDENTITY_TEXT } from '@app/shared/spec';
import { identityPlugin, openTokenRevocations } from '@app/identity';
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
    const identityDir = join(config.dataDir, 'identity');
    const sessions = await openTokenRevocations(identityDir);
    app = await buildApp(config, { sessions });
    app.addHook('onClose', () => sessions.close());
    const { region, userPoolId, clientId, issuer } = config.cognito;
    await app.register(identityPlugin, {
      prefix: IDENTITY_PREFIX,
      region,
      userPoolId,
      clientId,
      issuer,
      dataDir: identityDir,
    });
    await app.listen({ host: config.host, port });
  });
  afterAll(async () => {
    await app.close();
    await removeDir(dataDir);
  });

  const clientId = 'studio-web';

  async function signUp(address: string) {
    await cognito('SignUp', {
      ClientId: clientId,
      Username: address,
      Password: password,
      UserAttributes: [
        { Name: 'email', Value: address },
        { Name: 'name', Value: 'Real Person' },
      ],
    });
    const outbox = await fetch(
      `${base}${IDENTITY_PREFIX}/dev/outbox?to=${encodeURIComponent(address)}`,
    );
    const [message] = (await outbox.json()) as { body: string }[];
    const code = /\b(\d{6})\b/.exec(message?.body ?? '')?.[1];
    expect(code).toBeDefined();
    await cognito('ConfirmSignUp', {
      ClientId: clientId,
      Username: address,
      ConfirmationCode: code,
    });
  }

  async function signIn(address: string, secret = password) {
    const answer = await cognito('InitiateAuth', {
      ClientId: clientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: address, PASSWORD: secret },
    });
    return answer.AuthenticationResult as {
      IdToken: string;
      AccessToken: string;
      RefreshToken: string;
    };
  }

  const statusOf = async (token: string) => (await getUser(token)).status;

  it('accepts the id and access tokens of a signed-up, confirmed user, and rejects tampering', async () => {
    await signUp(email);
    const result = await signIn(email);

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

  it('refuses the tokens of a session at once after GlobalSignOut, RevokeToken or a password change', async () => {
    const address = `sessions-${Date.now()}@example.com`;
    await signUp(address);

    // Signed out everywhere: every session's id and access tokens, right away.
    const phone = await signIn(address);
    const laptop = await signIn(address);
    for (const token of [phone.IdToken, phone.AccessToken, laptop.IdToken]) {
      expect(await statusOf(token)).toBe(200);
    }
    await cognito('GlobalSignOut', { AccessToken: phone.AccessToken });
    for (const token of [phone.IdToken, phone.AccessToken, laptop.IdToken, laptop.AccessToken]) {
      expect(await getUser(token)).toEqual({
        status: 401,
        body: { error: 'Unauthorized', message: IDENTITY_TEXT.notAuthenticated },
      });
    }

    // Signed out on one device (aws-amplify's signOut revokes its refresh token): only that one.
    const kept = await signIn(address);
    const left = await signIn(address);
    await cognito('RevokeToken', { ClientId: clientId, Token: left.RefreshToken });
    expect(await statusOf(left.IdToken)).toBe(401);
    expect(await statusOf(kept.IdToken)).toBe(200);

    // A password change keeps the session that made it and ends the others.
    const other = await signIn(address);
    await cognito('ChangePassword', {
      AccessToken: kept.AccessToken,
      PreviousPassword: password,
      ProposedPassword: 'a new password 2',
    });
    expect(await statusOf(other.IdToken)).toBe(401);
    expect(await statusOf(kept.IdToken)).toBe(200);
  });
});
