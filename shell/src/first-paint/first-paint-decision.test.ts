// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mediaKeys } from '@app/shared/data/api-key';
import { galleryPageId, stampPage, storePage } from '@app/shared/data/media-cache';
import { startReadSpecs } from '../auth/start-reads';
import { firstPaintScript } from './first-paint-decision';

const CLIENT_ID = 'studio-web';
const CONFIG = {
  auth: { userPoolClientId: CLIENT_ID },
  remotes: { gallery: '/remotes/gallery/mf-manifest.json' },
};

/** The script exactly as index.html carries it: its own source, run on its own. */
function runInlineScript() {
  const source = firstPaintScript({
    configElementId: 'runtime-config',
    storedConfigKey: 'ai-image-studio:runtime-config',
    sessionKeyPrefix: 'CognitoIdentityServiceProvider',
    homePaths: ['/', '/home'],
    entryScripts: ['/static/main.0123abcd.js'],
    startScripts: ['/static/bootstrap.0123abcd.js'],
    startStyles: ['/static/bootstrap.0123abcd.css'],
    signedInScripts: ['/static/signed-in.0123abcd.js'],
    remoteRoutes: [{ path: '/dashboard', remote: 'gallery' }],
    exposedModule: 'routes',
    earlyManifestGlobal: '__earlyManifest',
    remoteFilesKey: 'ai-image-studio:remote-files',
    earlyApiReads: { global: '__earlyApiReads', ...startReadSpecs(), tokenExpiryToleranceMs: 5000 },
  });
  new Function(source)();
}

/** A token as aws-amplify stores it: only its claims matter to the script. */
function jwt(claims: object) {
  const part = (value: object) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${part({ alg: 'RS256' })}.${part(claims)}.signature`;
}

function storeSession(tokens: { idToken?: string; accessToken?: string }) {
  const prefix = `CognitoIdentityServiceProvider.${CLIENT_ID}`;
  localStorage.setItem(`${prefix}.LastAuthUser`, 'ada');
  for (const [kind, token] of Object.entries(tokens)) {
    localStorage.setItem(`${prefix}.ada.${kind}`, token);
  }
}

interface SentRead {
  url: string;
  token: string;
  response: Promise<Response>;
}
const GALLERY_FIRST_PAGE = '/media?type=generated&includeUrls=true&limit=10&sort=createdAt%3Adesc';
const earlyReads = () =>
  (window as unknown as Record<string, SentRead[] | undefined>).__earlyApiReads;

function page({ path, config }: { path: string; config?: object }) {
  window.history.replaceState(null, '', path);
  document.head.innerHTML = `<script id="runtime-config" type="application/json">${
    config ? JSON.stringify(config) : ''
  }</script>`;
  document.body.innerHTML = '<div id="root"></div><div id="prerendered-home"><form></form></div>';
}

/** After the script's own next frame: its callbacks, registered first, have run. */
const nextFrame = () =>
  new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
const decided = () => document.documentElement.getAttribute('data-first-paint');
const injected = (selector: string) =>
  [...document.head.querySelectorAll<HTMLElement>(selector)].map(
    (element) => element.getAttribute('src') ?? element.getAttribute('href'),
  );

beforeEach(() => localStorage.clear());
afterEach(async () => {
  // A start the script put off to the next frame happens before the next test's page.
  await nextFrame();
  document.documentElement.removeAttribute('data-first-paint');
});

describe('the inline first-paint script: which first paint', () => {
  it('keeps the sign-in card for a signed-out visitor on the home', () => {
    page({ path: '/', config: CONFIG });
    runInlineScript();
    expect(decided()).toBe('sign-in');
  });

  it('hides it for a returning user of this user pool, and on every other page', () => {
    localStorage.setItem(`CognitoIdentityServiceProvider.${CLIENT_ID}.LastAuthUser`, 'ada');
    page({ path: '/', config: CONFIG });
    runInlineScript();
    expect(decided()).toBe('app');

    localStorage.clear();
    page({ path: '/callback', config: CONFIG });
    runInlineScript();
    expect(decided()).toBe('app');
  });

  it('counts a session of another user pool only when the page does not name its pool', () => {
    localStorage.setItem('CognitoIdentityServiceProvider.other-client.LastAuthUser', 'ada');
    page({ path: '/home', config: CONFIG });
    runInlineScript();
    expect(decided()).toBe('sign-in');

    // The service worker's copy of the page has no config: any stored session counts.
    page({ path: '/home' });
    runInlineScript();
    expect(decided()).toBe('app');
  });
});

describe("the inline first-paint script: the route's remote", () => {
  it("preloads the app's scripts, its first chunks and the route's remote for a returning user", async () => {
    const manifest = {
      metaData: { publicPath: 'auto', remoteEntry: { path: '', name: 'remoteEntry.js' } },
      exposes: [
        {
          name: 'routes',
          assets: { js: { sync: ['553.abc.js', 'expose_routes.def.js'], async: ['9.lazy.js'] } },
        },
      ],
    };
    const fetched: string[] = [];
    vi.stubGlobal('fetch', (url: string) => {
      fetched.push(url);
      return Promise.resolve(new Response(JSON.stringify(manifest)));
    });
    try {
      localStorage.setItem(`CognitoIdentityServiceProvider.${CLIENT_ID}.LastAuthUser`, 'ada');
      page({ path: '/dashboard', config: CONFIG });
      runInlineScript();
      const manifestUrl = 'http://localhost:3000/remotes/gallery/mf-manifest.json';
      expect(fetched).toEqual([manifestUrl]);
      // The document is parsed (jsdom): the app starts at once.
      expect(injected('script[src]')).toEqual(['/static/main.0123abcd.js']);
      const early = (window as unknown as Record<string, { url: string; text: Promise<string> }>)
        .__earlyManifest;
      expect(early?.url).toBe(manifestUrl);
      expect(JSON.parse(await early!.text)).toEqual(manifest);
      await nextFrame();
      expect(injected('link[rel="preload"][as="style"]')).toEqual([
        '/static/bootstrap.0123abcd.css',
      ]);
      expect(injected('link[rel="preload"][as="script"]')).toEqual([
        '/static/main.0123abcd.js',
        '/static/bootstrap.0123abcd.js',
        '/static/signed-in.0123abcd.js',
        'http://localhost:3000/remotes/gallery/remoteEntry.js',
        'http://localhost:3000/remotes/gallery/553.abc.js',
        'http://localhost:3000/remotes/gallery/expose_routes.def.js',
      ]);
    } finally {
      vi.unstubAllGlobals();
      delete (window as unknown as Record<string, unknown>).__earlyManifest;
    }
  });

  it("preloads the remote's files it read last time before the manifest arrives", async () => {
    const manifestUrl = 'http://localhost:3000/remotes/gallery/mf-manifest.json';
    let answer: (response: Response) => void = () => undefined;
    vi.stubGlobal('fetch', () => new Promise<Response>((resolve) => (answer = resolve)));
    try {
      localStorage.setItem(`CognitoIdentityServiceProvider.${CLIENT_ID}.LastAuthUser`, 'ada');
      localStorage.setItem(
        'ai-image-studio:remote-files',
        JSON.stringify({ [manifestUrl]: ['http://localhost:3000/remotes/gallery/remoteEntry.js'] }),
      );
      page({ path: '/dashboard', config: CONFIG });
      runInlineScript();
      const remoteFiles = () =>
        injected('link[rel="preload"][as="script"]').filter((href) => href!.includes('/remotes/'));
      expect(remoteFiles()).toEqual(['http://localhost:3000/remotes/gallery/remoteEntry.js']);

      // A redeploy: the manifest names other files; they are preloaded and kept for next time.
      const manifest = {
        metaData: { publicPath: 'auto', remoteEntry: { path: '', name: 'remoteEntry.js' } },
        exposes: [{ name: 'routes', assets: { js: { sync: ['7.new.js'], async: [] } } }],
      };
      answer(new Response(JSON.stringify(manifest)));
      await vi.waitFor(() =>
        expect(remoteFiles()).toEqual([
          'http://localhost:3000/remotes/gallery/remoteEntry.js',
          'http://localhost:3000/remotes/gallery/7.new.js',
        ]),
      );
      expect(JSON.parse(localStorage.getItem('ai-image-studio:remote-files')!)).toEqual({
        [manifestUrl]: [
          'http://localhost:3000/remotes/gallery/remoteEntry.js',
          'http://localhost:3000/remotes/gallery/7.new.js',
        ],
      });
    } finally {
      vi.unstubAllGlobals();
      delete (window as unknown as Record<string, unknown>).__earlyManifest;
    }
  });
});

describe("the inline first-paint script: a returning user's first API reads", () => {
  it("sends a returning user's first API reads with a token that is still valid", async () => {
    const sent: { url: string; headers: HeadersInit | undefined }[] = [];
    vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
      sent.push({ url, headers: init?.headers });
      return Promise.resolve(new Response('{}'));
    });
    try {
      const now = Math.floor(Date.now() / 1000);
      const idToken = jwt({ sub: 'ada', exp: now + 600, name: 'Åda' });
      storeSession({ idToken, accessToken: jwt({ exp: now + 600 }) });
      page({ path: '/dashboard', config: { ...CONFIG, apiBaseUrl: '/api/' } });
      runInlineScript();
      const reads = sent.filter(({ url }) => url.startsWith('/api/'));
      expect(reads).toEqual([
        {
          url: '/api/user',
          headers: { Accept: 'application/json', Authorization: `Bearer ${idToken}` },
        },
        {
          url: `/api${GALLERY_FIRST_PAGE}`,
          headers: { Accept: 'application/json', Authorization: `Bearer ${idToken}` },
        },
      ]);
      expect(earlyReads()?.map(({ url, token }) => ({ url, token }))).toEqual([
        { url: '/api/user', token: idToken },
        { url: `/api${GALLERY_FIRST_PAGE}`, token: idToken },
      ]);
      expect(await (await earlyReads()![0]!.response).text()).toBe('{}');

      // Another page reads the profile alone.
      sent.length = 0;
      page({ path: '/profile', config: { ...CONFIG, apiBaseUrl: 'https://api.example.com' } });
      runInlineScript();
      expect(sent.map(({ url }) => url)).toEqual(['https://api.example.com/user']);
    } finally {
      vi.unstubAllGlobals();
      delete (window as unknown as Record<string, unknown>).__earlyManifest;
      delete (window as unknown as Record<string, unknown>).__earlyApiReads;
    }
  });

  it("leaves the gallery's first page to the gallery while the page it stored is fresh", () => {
    const sent: string[] = [];
    vi.stubGlobal('fetch', (url: string) => {
      sent.push(url);
      return new Promise(() => undefined);
    });
    try {
      storeSession({ idToken: jwt({ exp: Math.floor(Date.now() / 1000) + 600 }) });
      const page1 = mediaKeys.page('generated');
      const stored = (savedAt: number) =>
        storePage(
          galleryPageId(page1),
          stampPage({ items: [], nextCursor: null, hasMore: false }, savedAt),
          savedAt,
        );
      stored(Date.now() - 60_000);
      page({ path: '/dashboard', config: { ...CONFIG, apiBaseUrl: '/api' } });
      runInlineScript();
      expect(sent.filter((url) => url.startsWith('/api/'))).toEqual(['/api/user']);

      // Older than the gallery keeps pages for (45 minutes, spec §9): read with the page.
      sent.length = 0;
      stored(Date.now() - 46 * 60_000);
      page({ path: '/dashboard', config: { ...CONFIG, apiBaseUrl: '/api' } });
      runInlineScript();
      expect(sent.filter((url) => url.startsWith('/api/'))).toEqual([
        '/api/user',
        `/api${GALLERY_FIRST_PAGE}`,
      ]);
    } finally {
      vi.unstubAllGlobals();
      delete (window as unknown as Record<string, unknown>).__earlyManifest;
      delete (window as unknown as Record<string, unknown>).__earlyApiReads;
    }
  });

  it('sends no API read with a token about to expire, and falls back to the access token', () => {
    const sent: { url: string; headers?: HeadersInit }[] = [];
    vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
      sent.push({ url, headers: init?.headers });
      return new Promise(() => undefined);
    });
    try {
      const now = Math.floor(Date.now() / 1000);
      storeSession({ idToken: jwt({ exp: now + 4 }), accessToken: jwt({ exp: now + 3 }) });
      page({ path: '/profile', config: { ...CONFIG, apiBaseUrl: '/api' } });
      runInlineScript();
      expect(sent).toEqual([]);
      expect(earlyReads()).toBeUndefined();

      const accessToken = jwt({ exp: now + 600 });
      storeSession({ idToken: 'not a token', accessToken });
      page({ path: '/profile', config: { ...CONFIG, apiBaseUrl: '/api' } });
      runInlineScript();
      expect(sent).toEqual([
        {
          url: '/api/user',
          headers: { Accept: 'application/json', Authorization: `Bearer ${accessToken}` },
        },
      ]);
    } finally {
      vi.unstubAllGlobals();
      delete (window as unknown as Record<string, unknown>).__earlyApiReads;
    }
  });
});

describe('the inline first-paint script: the start of the app', () => {
  it('preloads the signed-in chunks only for a returning user', () => {
    page({ path: '/dashboard', config: CONFIG });
    runInlineScript();
    expect(decided()).toBe('app');
    expect(injected('link[rel="preload"][as="script"]')).toEqual([
      '/static/main.0123abcd.js',
      '/static/bootstrap.0123abcd.js',
    ]);
  });

  it("reads the config the app stored when the page carries none (the service worker's copy)", () => {
    vi.stubGlobal('fetch', () => new Promise(() => undefined));
    try {
      localStorage.setItem('ai-image-studio:runtime-config', JSON.stringify(CONFIG));
      localStorage.setItem('CognitoIdentityServiceProvider.other-client.LastAuthUser', 'ada');
      page({ path: '/home' });
      runInlineScript();
      // The stored config names this page's user pool: another pool's session does not count.
      expect(decided()).toBe('sign-in');

      localStorage.setItem(`CognitoIdentityServiceProvider.${CLIENT_ID}.LastAuthUser`, 'ada');
      page({ path: '/dashboard' });
      runInlineScript();
      expect(
        (window as unknown as Record<string, { url: string } | undefined>).__earlyManifest?.url,
      ).toBe('http://localhost:3000/remotes/gallery/mf-manifest.json');
    } finally {
      vi.unstubAllGlobals();
      delete (window as unknown as Record<string, unknown>).__earlyManifest;
    }
  });

  it('starts the app only after the card has had a frame to paint', async () => {
    page({ path: '/', config: CONFIG });
    runInlineScript();
    expect(injected('link[rel="preload"]')).toEqual([]);
    expect(injected('script[src]')).toEqual([]);
    await nextFrame();
    expect(injected('script[src]')).toEqual(['/static/main.0123abcd.js']);
  });

  it('where paint timing is reported, starts the app at the first contentful paint', () => {
    const observers: ((entries: { getEntriesByName(name: string): unknown[] }) => void)[] = [];
    class PaintObserver {
      static supportedEntryTypes = ['paint'];
      constructor(callback: (typeof observers)[number]) {
        observers.push(callback);
      }
      observe() {}
      disconnect() {}
    }
    vi.stubGlobal('PerformanceObserver', PaintObserver);
    try {
      page({ path: '/', config: CONFIG });
      runInlineScript();
      const paint = (name: string) =>
        observers[0]!({ getEntriesByName: (wanted) => (wanted === name ? [{}] : []) });
      paint('first-paint');
      expect(injected('script[src]')).toEqual([]);
      paint('first-contentful-paint');
      expect(injected('script[src]')).toEqual(['/static/main.0123abcd.js']);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('keeps the prerendered form from submitting before the app runs', () => {
    page({ path: '/', config: CONFIG });
    runInlineScript();
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    document.querySelector('#prerendered-home form')!.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
  });
});
