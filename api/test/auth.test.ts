import { IDENTITY_TEXT } from '@app/shared/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './support/api-client';
import { startStudio, type Studio } from './support/studio';
import { newUser } from './support/tokens';

describe('bearer token verification', { timeout: 30_000 }, () => {
  let studio: Studio;
  beforeAll(async () => {
    studio = await startStudio({ ADMIN_EMAILS: 'Boss@Example.com, other@example.com' });
  });
  afterAll(() => studio.stop());

  const getUser = (token?: string) => call(studio.running, 'GET', '/api/user', { token });

  it('accepts id tokens and access tokens of the configured pool and client', async () => {
    const user = newUser();
    const byId = await getUser(await studio.issuer.idToken(user));
    expect(byId.status).toBe(200);
    expect(byId.body).toMatchObject({ email: user.email, name: user.name, isAdmin: false });
    const byAccess = await getUser(await studio.issuer.accessToken(user));
    expect(byAccess.status).toBe(200);
    // Same row: the access token has no e-mail, the first sight by id token stored it.
    expect(byAccess.body.email).toBe(user.email);
  });

  it('accepts the Bearer scheme in any case, as HTTP auth schemes are case-insensitive', async () => {
    const token = await studio.issuer.accessToken(newUser());
    for (const scheme of ['bearer', 'BEARER', 'BeArEr']) {
      const response = await call(studio.running, 'GET', '/api/user', {
        headers: { authorization: `${scheme} ${token}` },
      });
      expect(response.status).toBe(200);
    }
  });

  it('creates a user from an access token alone, and fills in the e-mail from a later id token', async () => {
    const user = newUser();
    const first = await getUser(await studio.issuer.accessToken(user));
    expect(first.status).toBe(200);
    expect(first.body.email).toBe('');
    const later = await getUser(await studio.issuer.idToken(user));
    expect(later.body.email).toBe(user.email);
  });

  it('follows the e-mail of the token presented, also one it has verified before', async () => {
    const user = newUser();
    const first = await studio.issuer.idToken(user);
    expect((await getUser(first)).body.email).toBe(user.email);
    const changed = await studio.issuer.idToken({ ...user, email: `new-${user.email}` });
    expect((await getUser(changed)).body.email).toBe(`new-${user.email}`);
    expect((await getUser(changed)).body.email).toBe(`new-${user.email}`);
    // The first token is known and its user's row kept, but the row no longer carries its e-mail.
    expect((await getUser(first)).body.email).toBe(user.email);
  });

  it.each([
    ['no header', async () => undefined],
    ['an expired token', async () => studio.issuer.idToken(newUser(), { expiresIn: -60 })],
    [
      'another issuer',
      async () => studio.issuer.idToken(newUser(), { issuer: 'https://evil.example.com/pool' }),
    ],
    ['another client (id token)', async () => studio.issuer.idToken(newUser(), { clientId: 'x' })],
    [
      'another client (access token)',
      async () => studio.issuer.accessToken(newUser(), { clientId: 'x' }),
    ],
    ['a key outside the JWKS', async () => studio.issuer.idToken(newUser(), { foreignKey: true })],
    [
      'a refresh-like token_use',
      async () => studio.issuer.idToken(newUser(), { claims: { token_use: 'refresh' } }),
    ],
    [
      'a tampered payload',
      async () => {
        const [header, payload, signature] = (await studio.issuer.idToken(newUser())).split('.');
        const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
        const forged = Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else' })).toString(
          'base64url',
        );
        return `${header}.${forged}.${signature}`;
      },
    ],
    ['garbage', async () => 'not-a-jwt'],
  ])('rejects %s with 401 and the spec text', async (_case, makeToken) => {
    const response = await getUser(await makeToken());
    expect(response.status).toBe(401);
    expect(response.body).toEqual({
      error: 'Unauthorized',
      message: IDENTITY_TEXT.notAuthenticated,
    });
  });

  it('rejects an "alg: none" token', async () => {
    const header = Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url');
    const payload = Buffer.from(JSON.stringify({ sub: 'x', token_use: 'id' })).toString(
      'base64url',
    );
    expect((await getUser(`${header}.${payload}.`)).status).toBe(401);
  });

  it('makes admins from the configured list, only with a verified e-mail', async () => {
    const boss = newUser('Boss', 'boss@example.com');
    const admin = await getUser(await studio.issuer.idToken(boss));
    expect(admin.body).toMatchObject({ isAdmin: true, modelLimit: 999 });

    const impostor = { ...newUser('Other', 'other@example.com'), emailVerified: false };
    const notAdmin = await getUser(await studio.issuer.idToken(impostor));
    expect(notAdmin.body).toMatchObject({ isAdmin: false, modelLimit: 1 });
  });

  it('honours the stored admin flag', async () => {
    const user = newUser();
    await getUser(await studio.issuer.idToken(user));
    await studio.running.app.db
      .updateTable('users')
      .set({ is_admin: 1 })
      .where('identity_sub', '=', user.sub)
      .execute();
    const response = await getUser(await studio.issuer.idToken(user));
    expect(response.body).toMatchObject({ isAdmin: true, modelLimit: 999 });
  });

  it('keeps health and the OpenAPI document public', async () => {
    expect((await call(studio.running, 'GET', '/api/health')).status).toBe(200);
    expect((await call(studio.running, 'GET', '/api/openapi.json')).status).toBe(200);
  });
});
