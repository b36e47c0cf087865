import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { hostedUiOptionsFromEnv, loadIdentityConfig } from '../src/config';

describe('loadIdentityConfig', () => {
  it('defaults to port 3001 and the shared pool settings', () => {
    expect(loadIdentityConfig({})).toMatchObject({
      port: 3001,
      identity: { region: 'us-east-1', userPoolId: 'us-east-1_studio', clientId: 'studio-web' },
    });
  });

  it('rejects a bad IDENTITY_PORT with a message naming it', () => {
    expect(() => loadIdentityConfig({ IDENTITY_PORT: 'x' })).toThrow(
      /IDENTITY_PORT: must be a port/,
    );
  });

  it('reads the CORS allow-list as a comma-separated list', () => {
    const config = loadIdentityConfig({ IDENTITY_ALLOWED_ORIGINS: 'http://a.test, http://b.test' });
    expect(config.identity.allowedOrigins).toEqual(['http://a.test', 'http://b.test']);
  });

  it('reads the pool behaviour and mail settings', () => {
    const { identity } = loadIdentityConfig({
      IDENTITY_MFA: 'OPTIONAL',
      IDENTITY_PREVENT_USER_EXISTENCE_ERRORS: 'false',
      SMTP_URL: 'smtp://user:pass@mail.test:587',
      IDENTITY_ISSUER: 'https://studio.test/identity/us-east-1_studio',
    });
    expect(identity).toMatchObject({
      mfa: 'OPTIONAL',
      preventUserExistenceErrors: false,
      smtpUrl: 'smtp://user:pass@mail.test:587',
      issuer: 'https://studio.test/identity/us-east-1_studio',
    });
  });

  it('defaults the issuer to where the standalone server serves the pool', () => {
    expect(loadIdentityConfig({ IDENTITY_PORT: '4000' }).identity.issuer).toBe(
      'http://localhost:4000/us-east-1_studio',
    );
  });

  it('names bad pool settings', () => {
    expect(() => loadIdentityConfig({ IDENTITY_MFA: 'SOMETIMES', SMTP_URL: 'mail.test' })).toThrow(
      /IDENTITY_MFA[\s\S]*SMTP_URL: must be an smtp/,
    );
  });
});

describe('identity data directory', () => {
  it('resolves a relative DATA_DIR against the repository root, as the api does', () => {
    const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
    expect(loadIdentityConfig({ DATA_DIR: 'var/data' }).identity.dataDir).toBe(
      join(repoRoot, 'var/data', 'identity'),
    );
  });
});

describe('hostedUiOptionsFromEnv', () => {
  it('listens on the oauth domain port and allows the app callbacks', () => {
    const options = hostedUiOptionsFromEnv({}, 'https://localhost:4443', 'https://studio.test');
    expect(options).toMatchObject({ port: 4443, google: undefined });
    expect(options.redirectUris).toEqual([
      'http://localhost:3000',
      'http://localhost:3000/callback',
      'https://studio.test',
      'https://studio.test/callback',
    ]);
    expect(options.logoutUris).toContain('https://studio.test/logout');
  });

  it('configures Google from its client id and secret', () => {
    const options = hostedUiOptionsFromEnv(
      {
        GOOGLE_CLIENT_ID: 'id',
        GOOGLE_CLIENT_SECRET: 'secret',
        IDENTITY_HOSTED_UI_PORT: '8443',
        IDENTITY_REDIRECT_URIS: 'https://a.test/callback',
      },
      'https://localhost:3443',
      'http://localhost:3000',
    );
    expect(options).toMatchObject({
      port: 8443,
      google: { clientId: 'id', clientSecret: 'secret' },
      redirectUris: ['https://a.test/callback'],
    });
  });
});
