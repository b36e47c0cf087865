/**
 * The runtime config document (`/config.json`) that the api serves and the shell reads before it
 * renders. It is how a remote is redeployed without rebuilding the shell: only this document
 * changes. Framework-free so the api can build it and the shell can validate it.
 */

export const REMOTE_NAMES = ['gallery', 'generate', 'models', 'profile'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/** Module Federation container names; each remote's rspack config uses the same value. */
export const REMOTE_CONTAINER_NAMES: Record<RemoteName, string> = {
  gallery: 'mfe_gallery',
  generate: 'mfe_generate',
  models: 'mfe_models',
  profile: 'mfe_profile',
};

/**
 * The shell's index.html carries an empty `<script type="application/json">` with this id; the
 * server that serves the page fills it with the config document, so a start need not fetch
 * /config.json first. Left empty (e.g. the service worker's cached copy), the shell fetches it.
 */
export const INLINE_CONFIG_ELEMENT_ID = 'runtime-config';

/** The one module every remote exposes: its routes. */
export const REMOTE_ROUTES_MODULE = './routes';

export interface AuthRuntimeConfig {
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  /** Set for the embedded identity service; absent for a real Cognito user pool. */
  userPoolEndpoint?: string;
  /** Hosted UI domain (host[:port], no scheme) for Google sign-in; absent when not offered. */
  oauthDomain?: string;
}

/**
 * Amazon Cognito (no user-pool endpoint of ours): the api cannot delete the user's identity (it
 * only ever holds the user's tokens, and only for a while), so the browser deletes it with
 * DeleteUser once the api has accepted the account's deletion. The embedded pool's user is
 * deleted by the deletion job.
 */
export function browserDeletesIdentity(auth: AuthRuntimeConfig): boolean {
  return auth.userPoolEndpoint === undefined;
}

/** The operator's own pages; each is optional, and the UI leaves out what is not configured. */
export interface SiteLinks {
  /** The product's marketing site: the header title leads there for signed-out visitors. */
  marketing?: string;
  terms?: string;
  privacy?: string;
}

export interface RuntimeConfig {
  /** Base URL of the product API (spec §7), absolute or relative to the shell's origin. */
  apiBaseUrl: string;
  /** Where each remote's `mf-manifest.json` lives. */
  remotes: Record<RemoteName, string>;
  auth: AuthRuntimeConfig;
  links: SiteLinks;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function requireString(source: Record<string, unknown>, key: string, where: string): string {
  const value = source[key];
  if (typeof value !== 'string' || value.trim() === '') {
    throw new Error(`config.json: ${where}${key} must be a non-empty string`);
  }
  return value;
}

/** Validates an untrusted config document; throws an Error that names the bad field. */
export function parseRuntimeConfig(input: unknown): RuntimeConfig {
  if (!isRecord(input)) throw new Error('config.json: expected an object');
  const remotesIn = input.remotes;
  if (!isRecord(remotesIn)) throw new Error('config.json: remotes must be an object');
  const authIn = input.auth;
  if (!isRecord(authIn)) throw new Error('config.json: auth must be an object');

  const remotes = {} as Record<RemoteName, string>;
  for (const name of REMOTE_NAMES) remotes[name] = requireString(remotesIn, name, 'remotes.');

  const auth: AuthRuntimeConfig = {
    region: requireString(authIn, 'region', 'auth.'),
    userPoolId: requireString(authIn, 'userPoolId', 'auth.'),
    userPoolClientId: requireString(authIn, 'userPoolClientId', 'auth.'),
  };
  if (authIn.userPoolEndpoint !== undefined) {
    auth.userPoolEndpoint = requireString(authIn, 'userPoolEndpoint', 'auth.');
  }
  if (authIn.oauthDomain !== undefined) {
    auth.oauthDomain = requireString(authIn, 'oauthDomain', 'auth.');
  }

  const links: SiteLinks = {};
  if (input.links !== undefined) {
    if (!isRecord(input.links)) throw new Error('config.json: links must be an object');
    for (const key of ['marketing', 'terms', 'privacy'] as const) {
      if (input.links[key] !== undefined) links[key] = requireString(input.links, key, 'links.');
    }
  }

  return { apiBaseUrl: requireString(input, 'apiBaseUrl', ''), remotes, auth, links };
}

/** Props the shell passes to a remote's routes component. */
export interface RemoteRoutesProps {
  /** The path the shell mounted the remote at, e.g. '/models' or '/training'. */
  basePath: string;
}
