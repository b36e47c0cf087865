import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { dirname, join } from 'node:path';
import {
  brotliCompressSync,
  brotliDecompressSync,
  constants,
  gunzipSync,
  gzipSync,
} from 'node:zlib';
import { INLINE_CONFIG_ELEMENT_ID, parseRuntimeConfig } from '@app/shared/runtime-config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, removeDir, startApp, type RunningApp } from './helpers';

const EMPTY_CONFIG = `<script id="${INLINE_CONFIG_ELEMENT_ID}" type="application/json"></script>`;
const SHELL_HTML = `<!doctype html><head>${EMPTY_CONFIG}</head><title>studio shell</title>`;
/** A link with markup in it: the inline config must not end its script element early. */
const MARKETING_URL = 'https://example.com/?q=</script><script>alert(1)</script>';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const HTML = { accept: 'text/html,application/xhtml+xml' };
const LARGE_SCRIPT = `console.log(${JSON.stringify('x'.repeat(4096))});`;
/** A built script with the copies the build writes beside it (shared/build/precompress-plugin.ts). */
const BUILT_SCRIPT = `console.log(${JSON.stringify('built '.repeat(1000))});`;
const BUILT_SCRIPT_BR = brotliCompressSync(BUILT_SCRIPT);
const BUILT_SCRIPT_GZ = gzipSync(BUILT_SCRIPT, { level: 9 });

async function writeFiles(root: string, files: Record<string, string | Buffer>): Promise<void> {
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), content);
  }
}

describe('serving the built front ends', () => {
  let tempDir: string;
  let running: RunningApp;
  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${running.url}${path}`, { headers });

  beforeAll(async () => {
    tempDir = await makeTempDir();
    const webRoot = join(tempDir, 'web');
    await writeFiles(webRoot, {
      'shell/dist/index.html': SHELL_HTML,
      'shell/dist/static/main.0123abcd.js': 'console.log("shell")',
      'shell/dist/static/big.89abcdef.js': LARGE_SCRIPT,
      'shell/dist/static/built.4567cdef.js': BUILT_SCRIPT,
      'shell/dist/static/built.4567cdef.js.br': BUILT_SCRIPT_BR,
      'shell/dist/static/built.4567cdef.js.gz': BUILT_SCRIPT_GZ,
      'mfe-gallery/dist/mf-manifest.json': '{"name":"mfe_gallery"}',
      'mfe-gallery/dist/remoteEntry.js': BUILT_SCRIPT,
      'mfe-gallery/dist/remoteEntry.js.br': BUILT_SCRIPT_BR,
      'mfe-gallery/dist/160.3ed26e71.js': 'console.log("chunk")',
    });
    running = await startApp({
      DATA_DIR: join(tempDir, 'data'),
      WEB_ROOT: webRoot,
      MARKETING_URL,
    });
  });
  afterAll(async () => {
    await running.app.close();
    await removeDir(tempDir);
  });

  /** The page as served: the built shell with the runtime config filled into its element. */
  async function expectShell(response: Response): Promise<void> {
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const html = await response.text();
    const inline = html.match(
      new RegExp(`<script id="${INLINE_CONFIG_ELEMENT_ID}" type="application/json">(.*?)</script>`),
    )?.[1];
    expect(inline).toBeTruthy();
    expect(html.replace(inline!, '')).toBe(SHELL_HTML);
    const served = await (await get('/config.json')).json();
    expect(parseRuntimeConfig(JSON.parse(inline!))).toEqual(parseRuntimeConfig(served));
  }

  it('serves the shell at / with the runtime config inline', async () => {
    await expectShell(await get('/', HTML));
    expect((await fetch(`${running.url}/`, { method: 'HEAD' })).status).toBe(200);
  });

  it('keeps /index.html as built, for the service worker to keep', async () => {
    const response = await get('/index.html');
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(SHELL_HTML);
  });

  it('answers client routes with the shell (SPA fallback)', async () => {
    await expectShell(await get('/dashboard'));
    await expectShell(await get('/some/unknown/path', HTML));
    expect((await fetch(`${running.url}/dashboard`, { method: 'HEAD' })).status).toBe(200);
  });

  it('compresses scripts for clients that accept it', async () => {
    const response = await get('/static/big.89abcdef.js', { 'accept-encoding': 'gzip' });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(await response.text()).toBe(LARGE_SCRIPT);
  });

  it("sends the build's compressed copy of a file, as the client accepts", async () => {
    const path = '/static/built.4567cdef.js';
    const copies = [
      { accept: 'gzip, deflate, br, zstd', encoding: 'br', stored: BUILT_SCRIPT_BR },
      { accept: 'gzip', encoding: 'gzip', stored: BUILT_SCRIPT_GZ },
    ];
    for (const { accept, encoding, stored } of copies) {
      const response = await get(path, { 'accept-encoding': accept });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-encoding')).toBe(encoding);
      // The stored copy itself, not one compressed again at request time.
      expect(response.headers.get('content-length')).toBe(String(stored.length));
      expect(response.headers.get('content-type')).toMatch(/^(text|application)\/javascript/);
      expect(response.headers.get('cache-control')).toBe(IMMUTABLE);
      expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(await response.text()).toBe(BUILT_SCRIPT);
    }
    const plain = await get(path, { 'accept-encoding': 'identity' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(await plain.text()).toBe(BUILT_SCRIPT);

    // A remote's entry keeps its revalidation when its copy is sent.
    const entry = await get('/remotes/gallery/remoteEntry.js', { 'accept-encoding': 'br' });
    expect(entry.headers.get('content-encoding')).toBe('br');
    expect(entry.headers.get('cache-control')).toBe('no-cache');
    expect(await entry.text()).toBe(BUILT_SCRIPT);
  });

  it('caches content-hashed files for a year', async () => {
    const response = await get('/static/main.0123abcd.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe(IMMUTABLE);
  });

  it('does not answer a missing asset with the shell', async () => {
    expect((await get('/static/missing.0123abcd.js')).status).toBe(404);
  });

  it('keeps unknown API routes a JSON 404, even for a browser', async () => {
    for (const response of [
      await get('/api/nope', HTML),
      await fetch(`${running.url}/api/nope`, { method: 'POST' }),
    ]) {
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    }
    expect(await (await get('/api/nope')).json()).toEqual({
      error: 'NotFound',
      message: 'Route GET /api/nope not found',
    });
  });

  it('serves a remote under /remotes/<name>/ with revalidation for its entry files', async () => {
    const manifest = await get('/remotes/gallery/mf-manifest.json');
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    expect(await manifest.json()).toEqual({ name: 'mfe_gallery' });
    expect((await get('/remotes/gallery/remoteEntry.js')).headers.get('cache-control')).toBe(
      'no-cache',
    );
    expect((await get('/remotes/gallery/160.3ed26e71.js')).headers.get('cache-control')).toBe(
      IMMUTABLE,
    );
  });

  it('answers a missing remote file with a plain 404, never the shell', async () => {
    expect((await get('/remotes/gallery/missing.js')).status).toBe(404);
    expect((await get('/remotes/gallery/missing.js', HTML)).status).toBe(404);
    expect((await get('/remotes/models/mf-manifest.json')).status).toBe(404);
  });

  it('sends security headers and a request id on every response', async () => {
    const response = await get('/dashboard', { 'x-request-id': 'trace-123' });
    expect(response.headers.get('x-request-id')).toBe('trace-123');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('permissions-policy')).toContain('camera=()');
    const policy = response.headers.get('content-security-policy');
    expect(policy).toContain("script-src 'self';");
    expect(policy).toContain("frame-ancestors 'none'");
    // The app reads back the photos it picked or cropped itself (object URLs).
    expect(policy).toMatch(/connect-src 'self' blob:/);
    expect((await get('/api/health')).headers.get('content-security-policy')).toBe(policy);
    // Served over plain http here: no HSTS (it would lock a browser out of http://localhost).
    expect(response.headers.get('strict-transport-security')).toBeNull();
    const generated = (await get('/api/nope')).headers.get('x-request-id');
    expect(generated).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('the Content-Security-Policy', () => {
  const FIRST_PAINT = 'document.body.dataset.painted = "1";';
  const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
  const page = (script: string) =>
    `<!doctype html><head>${EMPTY_CONFIG}<script>${script}</script></head><title>t</title>`;
  let tempDir: string;
  let running: RunningApp;
  const scriptSources = async (path: string) =>
    (await fetch(`${running.url}${path}`, { headers: HTML })).headers
      .get('content-security-policy')
      ?.match(/script-src ([^;]*)/)?.[1]
      ?.split(' ');

  beforeAll(async () => {
    tempDir = await makeTempDir();
    await writeFiles(join(tempDir, 'web'), { 'shell/dist/index.html': page(FIRST_PAINT) });
    running = await startApp({
      DATA_DIR: join(tempDir, 'data'),
      WEB_ROOT: join(tempDir, 'web'),
      PUBLIC_URL: 'https://studio.example',
      REMOTE_GALLERY_URL: 'https://cdn.example/gallery/mf-manifest.json',
    });
  });
  afterAll(async () => {
    await running.app.close();
    await removeDir(tempDir);
  });

  it("allows the shell page's inline script by its hash, and scripts of the configured remotes", async () => {
    const sources = await scriptSources('/dashboard');
    expect(sources).toEqual(["'self'", 'https://cdn.example', sha256(FIRST_PAINT)]);
    // The service worker's copy of the page is served under the same policy.
    expect(await scriptSources('/index.html')).toEqual(sources);
  });

  it('follows a new build of the shell page', async () => {
    await writeFile(join(tempDir, 'web', 'shell', 'dist', 'index.html'), page('start(2);'));
    expect(await scriptSources('/')).toContain(sha256('start(2);'));
    expect(await scriptSources('/')).not.toContain(sha256(FIRST_PAINT));
    // What the service worker fetches of a new build first: its copy of the page.
    await writeFile(join(tempDir, 'web', 'shell', 'dist', 'index.html'), page('start(3);'));
    expect(await scriptSources('/index.html?__WB_REVISION__=3')).toContain(sha256('start(3);'));
  });

  it('sends HSTS when the public URL is https', async () => {
    const response = await fetch(`${running.url}/api/health`);
    expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000');
  });
});

describe('the shell page for the public origin', () => {
  const PUBLIC_HOST = 'studio.test';
  /** A page the size of the built one's markup, in words that compress like it. */
  const pageOf = (title: string) => {
    const words = ['fluent', 'card', 'sign', 'in', 'account', 'prerendered', 'button', 'var(--x)'];
    let seed = 7;
    const text = Array.from({ length: 3000 }, () => {
      seed = (seed * 48271) % 2147483647;
      return words[seed % words.length];
    }).join(' ');
    return `<!doctype html><head>${EMPTY_CONFIG}</head><title>${title}</title><p>${text}</p>`;
  };
  let tempDir: string;
  let shellFile: string;
  let running: RunningApp;

  /** GET / with a Host header of our choosing (fetch does not send one it is given). */
  function getPage(host: string, encoding?: string) {
    return new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const { port } = new URL(running.url);
      const headers: Record<string, string> = { ...HTML, host };
      if (encoding) headers['accept-encoding'] = encoding;
      httpGet({ host: '127.0.0.1', port, path: '/', headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ headers: response.headers, body: Buffer.concat(chunks) }),
        );
      }).on('error', reject);
    });
  }

  /** The page's text, decoded as the browser would, and its inline config. */
  function decoded({ headers, body }: { headers: IncomingHttpHeaders; body: Buffer }) {
    const encoding = headers['content-encoding'];
    const html = (
      encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body
    ).toString('utf8');
    const inline = html.match(
      new RegExp(`<script id="${INLINE_CONFIG_ELEMENT_ID}" type="application/json">(.*?)</script>`),
    )?.[1];
    return { html, config: parseRuntimeConfig(JSON.parse(inline ?? 'null')) };
  }

  beforeAll(async () => {
    tempDir = await makeTempDir();
    shellFile = join(tempDir, 'web', 'shell', 'dist', 'index.html');
    await writeFiles(join(tempDir, 'web'), { 'shell/dist/index.html': pageOf('first build') });
    running = await startApp({
      DATA_DIR: join(tempDir, 'data'),
      WEB_ROOT: join(tempDir, 'web'),
      PUBLIC_URL: `http://${PUBLIC_HOST}`,
    });
  });
  afterAll(async () => {
    await running.app.close();
    await removeDir(tempDir);
  });

  it('goes out compressed harder than per request, the same bytes every time', async () => {
    const first = await getPage(PUBLIC_HOST, 'br');
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers['vary']).toContain('accept-encoding');
    expect(first.headers['cache-control']).toBe('no-cache');
    const { html, config } = decoded(first);
    expect(html).toContain('<title>first build</title>');
    expect(config.auth.userPoolEndpoint).toMatch(new RegExp(`^http://${PUBLIC_HOST}/`));
    // @fastify/compress's quality, what every request paid before and what the page then weighed.
    const perRequest = brotliCompressSync(html, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 4 },
    });
    expect(first.body.length).toBeLessThan(perRequest.length * 0.95);
    expect((await getPage(PUBLIC_HOST, 'br')).body.equals(first.body)).toBe(true);
    const gzipped = await getPage(PUBLIC_HOST, 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(decoded(gzipped).html).toBe(html);
    const plain = await getPage(PUBLIC_HOST);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString('utf8')).toBe(html);
  });

  it('is made again from a new build of the shell', async () => {
    await writeFile(shellFile, pageOf('second build'));
    expect(decoded(await getPage(PUBLIC_HOST, 'br')).html).toContain('<title>second build</title>');
  });

  it('names the origin it was reached by when that is another one', async () => {
    const other = await getPage('192.168.1.20:3000', 'br');
    expect(other.headers['content-encoding']).toBe('br');
    expect(decoded(other).config.auth.userPoolEndpoint).toMatch(/^http:\/\/192\.168\.1\.20:3000\//);
    expect(decoded(await getPage(PUBLIC_HOST, 'br')).config.auth.userPoolEndpoint).toMatch(
      new RegExp(`^http://${PUBLIC_HOST}/`),
    );
  });
});

describe('when the front end is not built', () => {
  let tempDir: string;
  let running: RunningApp;
  beforeAll(async () => {
    tempDir = await makeTempDir();
    running = await startApp({ DATA_DIR: join(tempDir, 'data'), WEB_ROOT: join(tempDir, 'empty') });
  });
  afterAll(async () => {
    await running.app.close();
    await removeDir(tempDir);
  });

  it('explains on a 503 page how to build it, while the API keeps working', async () => {
    for (const path of ['/', '/dashboard']) {
      const response = await fetch(`${running.url}${path}`, { headers: HTML });
      expect(response.status).toBe(503);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await response.text()).toContain('pnpm build');
    }
    expect((await fetch(`${running.url}/api/health`)).status).toBe(200);
    expect((await fetch(`${running.url}/remotes/gallery/mf-manifest.json`)).status).toBe(404);
  });
});

describe('with SERVE_WEB=false', () => {
  it('serves no front end: every unknown route is a JSON 404', async () => {
    const tempDir = await makeTempDir();
    const { app, url } = await startApp({ DATA_DIR: tempDir, SERVE_WEB: 'false' });
    try {
      const response = await fetch(`${url}/dashboard`, { headers: HTML });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({
        error: 'NotFound',
        message: 'Route GET /dashboard not found',
      });
    } finally {
      await app.close();
      await removeDir(tempDir);
    }
  });
});
