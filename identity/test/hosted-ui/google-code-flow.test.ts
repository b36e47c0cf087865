import { createHash, randomBytes } from 'node:crypto';
import { request as httpsRequest } from 'node:https';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHostedUi, type RunningHostedUi } from '../../src/index';
import {
  cognitoCall,
  confirmedUser,
  POOL,
  startPool,
  type RunningPool,
  FLOW_TEST,
} from '../helpers';
import { Browser, postForm } from './browser';
import { reservePort, startGoogleStandIn, type GoogleStandIn } from './google-stand-in';

const APP_CALLBACK = 'http://localhost:3000/callback';

function pkcePair() {
  const verifier = randomBytes(64).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

describe(
  'hosted UI: Google sign-in with the authorization-code flow + PKCE over HTTPS',
  FLOW_TEST,
  () => {
    let pool: RunningPool;
    let hosted: RunningHostedUi;
    let google: GoogleStandIn;

    beforeAll(async () => {
      pool = await startPool();
      const googlePort = await reservePort();
      hosted = await startHostedUi({
        ...POOL,
        dataDir: pool.dataDir,
        issuer: pool.issuer,
        host: '127.0.0.1',
        port: 0,
        logLevel: 'silent',
        google: {
          clientId: 'google-client',
          clientSecret: 'google-secret-google-secret-google-secret',
          issuer: `http://127.0.0.1:${googlePort.port}`,
        },
      });
      google = await startGoogleStandIn(googlePort, `${hosted.url}/oauth2/idpresponse`);
    });
    afterAll(async () => {
      await google.close();
      await hosted.close();
      await pool.stop();
    });

    function authorizeUrl(params: Record<string, string | undefined>): string {
      const url = new URL(`${hosted.url}/oauth2/authorize`);
      for (const [name, value] of Object.entries(params)) {
        if (value !== undefined) url.searchParams.set(name, value);
      }
      return url.toString();
    }

    async function signInWithGoogle(pkce = pkcePair()) {
      const browser = new Browser(hosted.certificate);
      const returned = await browser.follow(
        authorizeUrl({
          client_id: POOL.clientId,
          redirect_uri: APP_CALLBACK,
          response_type: 'code',
          identity_provider: 'Google',
          scope: 'phone email openid profile aws.cognito.signin.user.admin',
          state: 'app-state-123',
          code_challenge: pkce.challenge,
          code_challenge_method: 'S256',
        }),
        APP_CALLBACK,
      );
      return { returned, pkce };
    }

    const exchange = (code: string, verifier: string) =>
      postForm(
        `${hosted.url}/oauth2/token`,
        {
          grant_type: 'authorization_code',
          code,
          client_id: POOL.clientId,
          redirect_uri: APP_CALLBACK,
          code_verifier: verifier,
        },
        hosted.certificate,
      );

    it('signs a Google user in and hands the app verifiable Cognito tokens', async () => {
      google.account = {
        sub: 'google-new',
        email: 'new.g@example.com',
        emailVerified: true,
        name: 'Gina',
      };
      const { returned, pkce } = await signInWithGoogle();
      expect(returned.searchParams.get('state')).toBe('app-state-123');
      const code = returned.searchParams.get('code') ?? '';

      const tokens = await exchange(code, pkce.verifier);
      expect(tokens.status).toBe(200);
      expect(tokens.headers['cache-control']).toBe('no-store');
      expect(tokens.body).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });

      const jwks = createRemoteJWKSet(new URL(`${pool.issuer}/.well-known/jwks.json`));
      const { payload: id } = await jwtVerify(String(tokens.body.id_token), jwks, {
        issuer: pool.issuer,
        audience: POOL.clientId,
      });
      expect(id).toMatchObject({
        token_use: 'id',
        email: 'new.g@example.com',
        email_verified: true,
        name: 'Gina',
        identities: [{ userId: 'google-new', providerName: 'Google' }],
      });
      const { payload: access } = await jwtVerify(String(tokens.body.access_token), jwks, {
        issuer: pool.issuer,
      });
      expect(access.scope).toBe('phone email openid profile aws.cognito.signin.user.admin');

      const user = await cognitoCall(pool.endpoint, 'GetUser', {
        AccessToken: tokens.body.access_token,
      });
      expect(user.body.Username).toBe(id.sub);

      expect((await exchange(code, pkce.verifier)).body).toMatchObject({ error: 'invalid_grant' });

      const refreshed = await postForm(
        `${hosted.url}/oauth2/token`,
        {
          grant_type: 'refresh_token',
          client_id: POOL.clientId,
          refresh_token: String(tokens.body.refresh_token),
        },
        hosted.certificate,
      );
      expect(refreshed.status).toBe(200);
      expect(refreshed.body.refresh_token).toBeUndefined();

      const revoked = await postForm(
        `${hosted.url}/oauth2/revoke`,
        { token: String(tokens.body.refresh_token), client_id: POOL.clientId },
        hosted.certificate,
      );
      expect(revoked.status).toBe(200);
      const afterRevoke = await postForm(
        `${hosted.url}/oauth2/token`,
        {
          grant_type: 'refresh_token',
          client_id: POOL.clientId,
          refresh_token: String(tokens.body.refresh_token),
        },
        hosted.certificate,
      );
      expect(afterRevoke.body).toMatchObject({ error: 'invalid_grant' });
    });

    it('refuses a code whose PKCE verifier does not match', async () => {
      google.account = {
        sub: 'google-pkce',
        email: 'pkce.g@example.com',
        emailVerified: true,
        name: 'P',
      };
      const { returned } = await signInWithGoogle();
      const wrong = await exchange(returned.searchParams.get('code') ?? '', pkcePair().verifier);
      expect(wrong.body).toMatchObject({ error: 'invalid_grant' });
    });

    it('links Google to the existing account with the same verified e-mail', async () => {
      const sub = await confirmedUser(pool, 'linked@example.com', 'password-1');
      google.account = {
        sub: 'google-linked',
        email: 'linked@example.com',
        emailVerified: true,
        name: 'L',
      };
      const { returned, pkce } = await signInWithGoogle();
      const tokens = await exchange(returned.searchParams.get('code') ?? '', pkce.verifier);
      const user = await cognitoCall(pool.endpoint, 'GetUser', {
        AccessToken: tokens.body.access_token,
      });
      expect(user.body.Username).toBe(sub);
    });

    it('does not link to an existing account when Google has not verified the e-mail', async () => {
      await confirmedUser(pool, 'unverified@example.com', 'password-1');
      google.account = {
        sub: 'google-unverified',
        email: 'unverified@example.com',
        emailVerified: false,
        name: 'U',
      };
      const { returned } = await signInWithGoogle();
      expect(returned.searchParams.get('error')).toBe('access_denied');
      expect(returned.searchParams.get('state')).toBe('app-state-123');
    });

    it('passes a sign-in cancelled at Google back to the app as access_denied', async () => {
      google.cancel = true;
      try {
        const { returned } = await signInWithGoogle();
        expect(returned.searchParams.get('error')).toBe('access_denied');
        expect(returned.searchParams.get('code')).toBeNull();
      } finally {
        google.cancel = false;
      }
    });

    it('requires PKCE with S256 and an allowed redirect_uri', async () => {
      const browser = new Browser(hosted.certificate);
      const base = {
        client_id: POOL.clientId,
        redirect_uri: APP_CALLBACK,
        response_type: 'code',
        identity_provider: 'Google',
        state: 's',
      };
      const { challenge } = pkcePair();
      for (const pkce of [
        {},
        { code_challenge: challenge },
        { code_challenge: challenge, code_challenge_method: 'plain' },
      ]) {
        const response = await browser.get(authorizeUrl({ ...base, ...pkce }));
        expect(response.status).toBe(302);
        const location = new URL(response.location ?? '');
        expect(location.origin + location.pathname).toBe(APP_CALLBACK);
        expect(location.searchParams.get('error')).toBe('invalid_request');
      }
      const foreign = await browser.get(
        authorizeUrl({
          ...base,
          redirect_uri: 'https://evil.example/callback',
          code_challenge: challenge,
          code_challenge_method: 'S256',
        }),
      );
      expect(foreign.status).toBe(400);
      expect(foreign.location).toBeUndefined();
    });

    it('signs out to an allowed logout_uri only', async () => {
      const browser = new Browser(hosted.certificate);
      const logout = (uri: string) =>
        browser.get(
          `${hosted.url}/logout?client_id=${POOL.clientId}&logout_uri=${encodeURIComponent(uri)}`,
        );
      expect(await logout('http://localhost:3000/logout')).toMatchObject({
        status: 302,
        location: 'http://localhost:3000/logout',
      });
      expect((await logout('https://evil.example/')).status).toBe(400);
    });

    it('answers 400 invalid_request to a repeated or non-text parameter', async () => {
      const browser = new Browser(hosted.certificate);
      const twice = await browser.get(
        `${hosted.url}/oauth2/authorize?client_id=${POOL.clientId}&state=a&state=b`,
      );
      expect(twice.status).toBe(400);
      expect(twice.body).toContain('invalid_request');
      for (const path of [
        '/oauth2/idpresponse?state=a&state=b',
        '/logout?client_id=a&client_id=b',
      ]) {
        expect((await browser.get(`${hosted.url}${path}`)).status).toBe(400);
      }
      const numeric = await postJson(`${hosted.url}/oauth2/token`, hosted.certificate, {
        client_id: POOL.clientId,
        grant_type: 'refresh_token',
        refresh_token: 5,
      });
      expect(numeric).toMatchObject({ status: 400, body: { error: 'invalid_request' } });
    });

    it('lets the app origin preflight the token endpoint', async () => {
      const response = await postForm(`${hosted.url}/oauth2/token`, {}, hosted.certificate, {
        origin: 'http://localhost:3000',
      });
      expect(response.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    });

    it('keeps its certificate across restarts', async () => {
      const again = await startHostedUi({
        ...POOL,
        dataDir: pool.dataDir,
        host: '127.0.0.1',
        port: 0,
      });
      try {
        expect(again.certificate).toBe(hosted.certificate);
      } finally {
        await again.close();
      }
    });
  },
);

/** A JSON body, which the endpoint's parser accepts too (OAuth clients send forms). */
function postJson(
  url: string,
  ca: string,
  json: unknown,
): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const req = httpsRequest(
      new URL(url),
      { method: 'POST', ca, headers: { 'content-type': 'application/json' } },
      (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(body) }));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(json));
  });
}
