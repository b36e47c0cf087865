export type MfaConfiguration = 'OFF' | 'OPTIONAL' | 'ON';

export interface IdentityOptions {
  /** AWS region the pool presents itself in; the pool id must start with `<region>_`. */
  region: string;
  userPoolId: string;
  /** The one app client; it has no secret because aws-amplify never sends `SECRET_HASH`. */
  clientId: string;
  /** Where the user store and signing keys live. */
  dataDir: string;
  /**
   * The `iss` of every token: `<public url of the mount>/<userPoolId>` (see `issuerFor`). The
   * JWKS is served at `<issuer>/.well-known/jwks.json`, so the mount point must match it.
   */
  issuer?: string;
  /** Browser origins that may call the endpoint cross-origin (same-origin calls need nothing). */
  allowedOrigins?: readonly string[];
  /** The spec's pool has MFA off; an operator may turn it on or make it optional. */
  mfa?: MfaConfiguration;
  /**
   * Cognito's PreventUserExistenceErrors: unknown users look like wrong passwords and get a
   * fake code delivery, so the endpoint does not reveal who has an account.
   */
  preventUserExistenceErrors?: boolean;
  /**
   * The pool's custom attributes (names without `custom:`), strings of up to 2048 characters.
   * Users may write only these and the standard ones; the spec's pool declares none.
   */
  customAttributes?: readonly string[];
  /**
   * The hosted UI's https origin (aws-amplify's `oauth.domain` with `https://`), named in the
   * pool's OpenID configuration; without it that document lists no browser endpoints.
   */
  hostedUiUrl?: string;
  /**
   * Mail-sending requests (SignUp, ForgotPassword, ResendConfirmationCode, attribute codes,
   * e-mail sign-in codes) one client address may make per hour; LimitExceededException beyond.
   */
  mailRequestsPerSourcePerHour?: number;
  /** Dev outbox page and JSON endpoint; never on in production. */
  devOutbox?: boolean;
  /** `smtp://user:pass@host:port`; without it mail only goes to the outbox and the log. */
  smtpUrl?: string;
  mailFrom?: string;
  /** The clock every expiry is measured on; tests move it forward instead of waiting. */
  now?: () => Date;
}

/** Shared with the api, which serves these values to the shell in `/config.json`. */
export const IDENTITY_DEFAULTS = {
  region: 'us-east-1',
  userPoolId: 'us-east-1_studio',
  clientId: 'studio-web',
  allowedOrigins: ['http://localhost:3000'],
  publicUrl: 'http://localhost:3000',
  mountPath: '/identity',
  mailFrom: 'AI Image Studio <no-reply@localhost>',
  /** A household or an office behind one address signs up a few people, not dozens an hour. */
  mailRequestsPerSourcePerHour: 20,
} as const;

/** The token issuer for a pool served under `mountUrl`, e.g. `http://localhost:3000/identity`. */
export function issuerFor(mountUrl: string, userPoolId: string): string {
  return `${mountUrl.replace(/\/+$/, '')}/${userPoolId}`;
}

export interface ResolvedOptions extends Required<
  Omit<IdentityOptions, 'smtpUrl' | 'allowedOrigins' | 'hostedUiUrl'>
> {
  allowedOrigins: readonly string[];
  smtpUrl: string | undefined;
  hostedUiUrl: string | undefined;
  /** What follows `<region>_` in the pool id: part of every SRP hash. */
  poolName: string;
}

export function resolveOptions(options: IdentityOptions): ResolvedOptions {
  assertValidPoolId(options);
  return {
    region: options.region,
    userPoolId: options.userPoolId,
    clientId: options.clientId,
    dataDir: options.dataDir,
    issuer:
      options.issuer ??
      issuerFor(IDENTITY_DEFAULTS.publicUrl + IDENTITY_DEFAULTS.mountPath, options.userPoolId),
    allowedOrigins: options.allowedOrigins ?? IDENTITY_DEFAULTS.allowedOrigins,
    mfa: options.mfa ?? 'OFF',
    preventUserExistenceErrors: options.preventUserExistenceErrors ?? true,
    customAttributes: options.customAttributes ?? [],
    hostedUiUrl: options.hostedUiUrl?.replace(/\/+$/, ''),
    mailRequestsPerSourcePerHour:
      options.mailRequestsPerSourcePerHour ?? IDENTITY_DEFAULTS.mailRequestsPerSourcePerHour,
    // Production wins over the option: the outbox shows codes to anyone who can reach it.
    devOutbox: process.env.NODE_ENV !== 'production' && (options.devOutbox ?? true),
    smtpUrl: options.smtpUrl,
    mailFrom: options.mailFrom ?? IDENTITY_DEFAULTS.mailFrom,
    now: options.now ?? (() => new Date()),
    poolName: options.userPoolId.slice(options.region.length + 1),
  };
}

/** aws-amplify derives the SRP pool name from the part after `<region>_`, so reject other ids early. */
function assertValidPoolId({ region, userPoolId }: IdentityOptions): void {
  const prefix = `${region}_`;
  if (!userPoolId.startsWith(prefix) || userPoolId.length === prefix.length) {
    throw new Error(`identity: userPoolId "${userPoolId}" must look like "${prefix}<name>"`);
  }
}
