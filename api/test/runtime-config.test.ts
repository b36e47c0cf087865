import { parseRuntimeConfig } from '@app/shared/runtime-config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, removeDir, startApp } from './helpers';

describe('GET /config.json', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await makeTempDir();
  });
  afterAll(() => removeDir(dataDir));

  async function fetchConfig(env: Record<string, string>) {
    const { app, url } = await startApp({ DATA_DIR: dataDir, SERVE_WEB: 'false', ...env });
    try {
      const response = await fetch(`${url}/config.json`);
      return { url, response, document: parseRuntimeConfig(await response.json()) };
    } finally {
      await app.close();
    }
  }

  it('serves a valid, uncached runtime config with an absolute embedded pool endpoint', async () => {
    const { url, response, document } = await fetchConfig({});
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(document).toEqual({
      apiBaseUrl: '/api',
      remotes: {
        gallery: '/remotes/gallery/mf-manifest.json',
        generate: '/remotes/generate/mf-manifest.json',
        models: '/remotes/models/mf-manifest.json',
        profile: '/remotes/profile/mf-manifest.json',
      },
      auth: {
        region: 'us-east-1',
        userPoolId: 'us-east-1_studio',
        userPoolClientId: 'studio-web',
        userPoolEndpoint: `${url}/identity/`,
      },
      links: {},
    });
  });

  it("serves the operator's marketing, terms and privacy pages when configured", async () => {
    const { document } = await fetchConfig({
      MARKETING_URL: 'https://studio.example',
      TERMS_URL: 'https://studio.example/terms',
      PRIVACY_URL: 'https://studio.example/privacy',
    });
    expect(document.links).toEqual({
      marketing: 'https://studio.example',
      terms: 'https://studio.example/terms',
      privacy: 'https://studio.example/privacy',
    });
  });

  it('takes a remote location from the environment', async () => {
    const gallery = 'https://cdn.example.com/gallery/v2/mf-manifest.json';
    const { document } = await fetchConfig({ REMOTE_GALLERY_URL: gallery });
    expect(document.remotes.gallery).toBe(gallery);
    expect(document.remotes.models).toBe('/remotes/models/mf-manifest.json');
  });

  it('omits the endpoint for Amazon Cognito and keeps an absolute one verbatim', async () => {
    const cognito = await fetchConfig({ COGNITO_USER_POOL_ENDPOINT: '' });
    expect(cognito.document.auth.userPoolEndpoint).toBeUndefined();
    expect(cognito.document.auth.oauthDomain).toBeUndefined();
    const hosted = await fetchConfig({
      COGNITO_USER_POOL_ENDPOINT: '',
      COGNITO_OAUTH_DOMAIN: 'studio.auth.us-east-1.amazoncognito.com',
    });
    expect(hosted.document.auth.oauthDomain).toBe('studio.auth.us-east-1.amazoncognito.com');

    const external = 'https://identity.example.com/pool/';
    const custom = await fetchConfig({ COGNITO_USER_POOL_ENDPOINT: external });
    expect(custom.document.auth.userPoolEndpoint).toBe(external);
  });
});
