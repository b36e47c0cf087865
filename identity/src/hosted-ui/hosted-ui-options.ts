import type { IdentityOptions } from '../options';

export interface GoogleUpstreamOptions {
  clientId: string;
  clientSecret: string;
  /** Google's issuer unless overridden (tests point it at a local OpenID provider). */
  issuer?: string;
}

export interface HostedUiOptions extends IdentityOptions {
  host?: string;
  /** IDENTITY_HOSTED_UI_PORT, 3443 by default; 0 picks a free port. */
  port?: number;
  /**
   * The origin browsers reach the hosted UI at; aws-amplify's `oauth.domain` is its host:port
   * (it always puts `https://` in front). Defaults to `https://localhost:<port>`.
   */
  publicUrl?: string;
  /** Where sign-in may return to (`redirect_uri`); exact matches only. */
  redirectUris?: readonly string[];
  /** Where sign-out may return to (`logout_uri`); exact matches only. */
  logoutUris?: readonly string[];
  /** Without it, identity_provider=Google answers with an error to the app. */
  google?: GoogleUpstreamOptions;
  /** Pino level of the hosted UI's own request log. */
  logLevel?: string;
}

/** The app's origin and the spec's callback routes. */
export const HOSTED_UI_DEFAULTS = {
  port: 3443,
  redirectUris: ['http://localhost:3000', 'http://localhost:3000/callback'],
  logoutUris: ['http://localhost:3000', 'http://localhost:3000/logout'],
  googleIssuer: 'https://accounts.google.com',
} as const;
