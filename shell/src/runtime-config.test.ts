// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadRuntimeConfig, STORED_CONFIG_KEY } from './runtime-config';

const config = (gallery: string) => ({
  apiBaseUrl: '/api',
  remotes: {
    gallery,
    generate: '/remotes/generate/mf-manifest.json',
    models: '/remotes/models/mf-manifest.json',
    profile: '/remotes/profile/mf-manifest.json',
  },
  auth: { region: 'local', userPoolId: 'local_pool', userPoolClientId: 'studio-web' },
  links: {},
});
const DEPLOYED = config('/remotes/gallery/mf-manifest.json');
const REDEPLOYED = config('/remotes/gallery-v2/mf-manifest.json');

function page(inline?: object) {
  document.head.innerHTML = `<script id="runtime-config" type="application/json">${
    inline ? JSON.stringify(inline) : ''
  }</script>`;
}

const stored = () => JSON.parse(localStorage.getItem(STORED_CONFIG_KEY) ?? 'null') as unknown;

describe('loadRuntimeConfig', () => {
  let fetched: string[];
  let answer: object;
  beforeEach(() => {
    localStorage.clear();
    fetched = [];
    answer = REDEPLOYED;
    vi.stubGlobal('fetch', (url: string) => {
      fetched.push(url);
      return Promise.resolve(new Response(JSON.stringify(answer)));
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("reads the page's inline config without a request, and keeps a copy", async () => {
    page(DEPLOYED);
    const loaded = await loadRuntimeConfig();
    expect(loaded.remotes.gallery).toBe('http://localhost:3000/remotes/gallery/mf-manifest.json');
    expect(fetched).toEqual([]);
    expect(stored()).toEqual(DEPLOYED);
  });

  it('starts a page without one from the kept copy and refreshes the copy behind it', async () => {
    localStorage.setItem(STORED_CONFIG_KEY, JSON.stringify(DEPLOYED));
    page();
    const loaded = await loadRuntimeConfig();
    expect(loaded.remotes.gallery).toBe('http://localhost:3000/remotes/gallery/mf-manifest.json');
    expect(fetched).toEqual(['/config.json']);
    await vi.waitFor(() => expect(stored()).toEqual(REDEPLOYED));
  });

  it('fetches /config.json when there is neither, and keeps it', async () => {
    page();
    const loaded = await loadRuntimeConfig();
    expect(loaded.remotes.gallery).toBe(
      'http://localhost:3000/remotes/gallery-v2/mf-manifest.json',
    );
    expect(stored()).toEqual(REDEPLOYED);
  });

  it('ignores a kept copy it cannot read', async () => {
    localStorage.setItem(STORED_CONFIG_KEY, '{"remotes":');
    page();
    await expect(loadRuntimeConfig()).resolves.toMatchObject({ apiBaseUrl: '/api' });
    expect(fetched).toEqual(['/config.json']);
  });
});
