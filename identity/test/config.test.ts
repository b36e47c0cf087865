import { describe, expect, it } from 'vitest';
import { loadIdentityConfig } from '../src/config';

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
});
