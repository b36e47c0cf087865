export interface IdentityOptions {
  /** AWS region the pool presents itself in; the pool id must start with `<region>_`. */
  region: string;
  userPoolId: string;
  /** The one app client; it has no secret because aws-amplify never sends `SECRET_HASH`. */
  clientId: string;
  /** Where the user store and signing keys live. */
  dataDir: string;
  /** Browser origins that may call the endpoint cross-origin (same-origin calls need nothing). */
  allowedOrigins?: readonly string[];
}

/** Shared with the api, which serves these values to the shell in `/config.json`. */
export const IDENTITY_DEFAULTS = {
  region: 'us-east-1',
  userPoolId: 'us-east-1_studio',
  clientId: 'studio-web',
  allowedOrigins: ['http://localhost:3000'],
} as const;

/** aws-amplify derives the SRP pool name from the part after `<region>_`, so reject other ids early. */
export function assertValidPoolId({ region, userPoolId }: IdentityOptions): void {
  const prefix = `${region}_`;
  if (!userPoolId.startsWith(prefix) || userPoolId.length === prefix.length) {
    throw new Error(`identity: userPoolId "${userPoolId}" must look like "${prefix}<name>"`);
  }
}
