import * as oidc from 'openid-client';
import type { GoogleUpstreamOptions } from './hosted-ui-options';

export interface UpstreamIdentity {
  sub: string;
  email?: string;
  emailVerified: boolean;
  name?: string;
  picture?: string;
}

export interface GoogleUpstream {
  authorizationUrl: (request: {
    redirectUri: string;
    state: string;
    nonce: string;
    codeVerifier: string;
  }) => Promise<URL>;
  /** Exchanges the code on `callbackUrl` (checking state, nonce, PKCE) for the user's claims. */
  identity: (
    callbackUrl: URL,
    expected: { state: string; nonce: string; codeVerifier: string },
  ) => Promise<UpstreamIdentity>;
}

function isLoopback(url: URL): boolean {
  return ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

/** Google as an OpenID Connect provider: authorization code + PKCE, discovery by issuer URL. */
export async function connectGoogle(options: GoogleUpstreamOptions): Promise<GoogleUpstream> {
  const issuer = new URL(options.issuer ?? 'https://accounts.google.com');
  const config = await oidc.discovery(
    issuer,
    options.clientId,
    options.clientSecret,
    undefined,
    // A local stand-in for Google (tests, offline development) speaks plain http.
    isLoopback(issuer) && issuer.protocol === 'http:'
      ? { execute: [oidc.allowInsecureRequests] }
      : undefined,
  );
  return {
    authorizationUrl: async ({ redirectUri, state, nonce, codeVerifier }) =>
      oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        state,
        nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
      }),
    identity: async (callbackUrl, expected) => {
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: expected.codeVerifier,
        expectedState: expected.state,
        expectedNonce: expected.nonce,
        idTokenExpected: true,
      });
      const idClaims = tokens.claims();
      if (idClaims === undefined) throw new Error('Google returned no id token');
      // Some providers put email/name only in userinfo; Google has both, so ask there too.
      const info = await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub);
      const claims: Record<string, unknown> = { ...idClaims, ...info };
      // Google's userinfo has sent the flag as the string "true" in the past.
      const verified = claims.email_verified;
      return {
        sub: idClaims.sub,
        email: typeof claims.email === 'string' ? claims.email : undefined,
        emailVerified: verified === true || verified === 'true',
        name: typeof claims.name === 'string' ? claims.name : undefined,
        picture: typeof claims.picture === 'string' ? claims.picture : undefined,
      };
    },
  };
}
