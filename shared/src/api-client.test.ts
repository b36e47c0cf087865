import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_TIMEOUT_MS } from '@app/shared/spec';
import {
  ApiError,
  ApiTimeoutError,
  api,
  configureApiClient,
  isOnline,
  redirectHomeOnUnauthorized,
  shouldRedirectOnUnauthorized,
  subscribeOnline,
} from '@app/shared/api-client';

interface SeenRequest {
  method: string;
  url: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: string;
}

let server: Server;
let baseUrl: string;
/** Resolves when the server holds the request it never answers (anew in each test). */
let hangingRequestArrived: Promise<void>;
let arriveHangingRequest: () => void;
/** Resolves when the client gives up on the request the server never answers. */
let hangingRequestClosed: Promise<void>;

function sendJson(res: ServerResponse, status: number, payload: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(payload));
}

async function readBody(req: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of req) body += String(chunk);
  return body;
}

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const path = new URL(req.url ?? '/', 'http://test').pathname;
  if (path === '/api/hang') {
    hangingRequestClosed = new Promise((resolve) => req.on('close', () => resolve()));
    arriveHangingRequest();
    return;
  }
  if (path === '/api/echo') {
    const seen: SeenRequest = {
      method: req.method ?? '',
      url: req.url ?? '',
      authorization: req.headers.authorization,
      contentType: req.headers['content-type'],
      body: await readBody(req),
    };
    return sendJson(res, 200, seen);
  }
  if (path === '/api/no-content') {
    res.writeHead(204).end();
    return;
  }
  if (path === '/api/invalid') {
    return sendJson(res, 422, { error: 'ValidationError', message: 'Model name is required' });
  }
  if (path === '/api/unauthorized') {
    return sendJson(res, 401, { error: 'Unauthorized', message: 'Token expired' });
  }
  if (path === '/api/crash') {
    res.writeHead(502, 'Bad Gateway', { 'Content-Type': 'text/html' }).end('<h1>down</h1>');
    return;
  }
  sendJson(res, 404, { error: 'NotFound', message: `No route ${path}` });
}

beforeAll(async () => {
  server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve, reject) =>
    server.close((error) => (error ? reject(error) : resolve())),
  );
});

let consoleError: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  hangingRequestArrived = new Promise((resolve) => (arriveHangingRequest = resolve));
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  configureApiClient({ baseUrl, getToken: () => Promise.resolve('token-123') });
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('requests', () => {
  it('sends the bearer token and serialises the query, leaving undefined and null out', async () => {
    const seen = await api.get<SeenRequest>('/echo', {
      query: { type: 'generated', includeUrls: true, limit: 10, cursor: undefined, status: null },
    });
    expect(seen.authorization).toBe('Bearer token-123');
    expect(seen.url).toBe('/api/echo?type=generated&includeUrls=true&limit=10');
  });

  it('joins a base with a trailing slash and a path without a leading one', async () => {
    configureApiClient({ baseUrl: `${baseUrl}/`, getToken: () => Promise.resolve(null) });
    const seen = await api.get<SeenRequest>('echo');
    expect(seen.url).toBe('/api/echo');
  });

  it('sends no Authorization header without a token', async () => {
    configureApiClient({ baseUrl, getToken: () => Promise.resolve(null) });
    const seen = await api.get<SeenRequest>('/echo');
    expect(seen.authorization).toBeUndefined();
  });

  it('sends JSON bodies with their content type', async () => {
    const seen = await api.post<SeenRequest>('/echo', { json: { prompt: 'a cat' } });
    expect(seen.method).toBe('POST');
    expect(seen.contentType).toBe('application/json');
    expect(JSON.parse(seen.body)).toEqual({ prompt: 'a cat' });
  });

  it('sends FormData as multipart with its boundary', async () => {
    const form = new FormData();
    form.append('prompt', 'make it blue');
    const seen = await api.post<SeenRequest>('/echo', { body: form });
    expect(seen.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen.body).toContain('make it blue');
  });

  it('resolves an empty 204 answer with undefined', async () => {
    await expect(api.delete('/no-content')).resolves.toBeUndefined();
  });
});

describe('errors', () => {
  it('turns a JSON error answer into an ApiError with the server message, logged', async () => {
    const error = await api.put('/invalid', { json: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      code: 'ValidationError',
      message: 'Model name is required',
      body: { error: 'ValidationError', message: 'Model name is required' },
    });
    expect(consoleError).toHaveBeenCalledWith('API PUT /invalid failed:', error);
  });

  it('falls back to the status text when the error body is not JSON', async () => {
    const error = await api.get('/crash').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, message: 'Bad Gateway', body: '<h1>down</h1>' });
  });

  it('calls only onUnauthorized on a 401 and still rejects', async () => {
    const onUnauthorized = vi.fn();
    const location = { pathname: '/models', assign: vi.fn() };
    vi.stubGlobal('location', location);
    configureApiClient({ baseUrl, getToken: () => Promise.resolve('old'), onUnauthorized });

    await expect(api.get('/unauthorized')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledOnce();
    expect(location.assign).not.toHaveBeenCalled();
  });

  it('redirects the browser home on a 401 by default', async () => {
    const location = { pathname: '/models', assign: vi.fn() };
    vi.stubGlobal('location', location);
    await expect(api.get('/unauthorized')).rejects.toBeInstanceOf(ApiError);
    expect(location.assign).toHaveBeenCalledWith('/');
  });

  it('does not redirect on a 401 while on /callback', async () => {
    const location = { pathname: '/callback', assign: vi.fn() };
    vi.stubGlobal('location', location);
    await expect(api.get('/unauthorized')).rejects.toBeInstanceOf(ApiError);
    expect(location.assign).not.toHaveBeenCalled();
  });

  it('gives up after the timeout with an ApiTimeoutError and closes the connection', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let settled = false;
    const pending = api.get('/hang').catch((e: unknown) => e);
    void pending.then(() => (settled = true));
    await hangingRequestArrived;
    vi.advanceTimersByTime(API_TIMEOUT_MS - 1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    vi.advanceTimersByTime(1);
    const error = await pending;
    expect(error).toBeInstanceOf(ApiTimeoutError);
    expect(error).toMatchObject({ timeoutMs: API_TIMEOUT_MS });
    expect(error).not.toBeInstanceOf(ApiError);
    await hangingRequestClosed;
    expect(consoleError).toHaveBeenCalledOnce();
  });

  it('passes a caller abort through without logging it or calling it a timeout', async () => {
    const controller = new AbortController();
    const pending = api.get('/hang', { signal: controller.signal });
    await hangingRequestArrived;
    controller.abort();
    const error = await pending.catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'AbortError' });
    expect(error).not.toBeInstanceOf(ApiTimeoutError);
    expect(consoleError).not.toHaveBeenCalled();
    await hangingRequestClosed;
  });

  it('refuses to run before it is configured', async () => {
    vi.resetModules();
    const fresh = await import('./api-client');
    await expect(fresh.api.get('/echo')).rejects.toThrow(/configureApiClient/);
  });
});

/** A base URL where nothing listens: every request fails at the network. */
async function deadBaseUrl(): Promise<string> {
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const { port } = closed.address() as AddressInfo;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  return `http://127.0.0.1:${port}/api`;
}

describe('connectivity', () => {
  it('is offline after a request fails at the network, until something answers', async () => {
    const changes = vi.fn();
    const unsubscribe = subscribeOnline(changes);
    configureApiClient({ baseUrl: await deadBaseUrl(), getToken: () => Promise.resolve(null) });
    await expect(api.get('/echo')).rejects.toBeInstanceOf(TypeError);
    expect(isOnline()).toBe(false);
    expect(changes).toHaveBeenCalledOnce();

    // An error answer is still an answer: the API is reachable again.
    configureApiClient({ baseUrl, getToken: () => Promise.resolve(null) });
    await expect(api.get('/unknown')).rejects.toBeInstanceOf(ApiError);
    expect(isOnline()).toBe(true);
    expect(changes).toHaveBeenCalledTimes(2);
    unsubscribe();
  });

  it('stays online through a timeout or a caller abort', async () => {
    configureApiClient({ baseUrl, getToken: () => Promise.resolve(null), timeoutMs: 50 });
    await expect(api.get('/hang')).rejects.toBeInstanceOf(ApiTimeoutError);
    const controller = new AbortController();
    const pending = api.get('/hang', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(isOnline()).toBe(true);
  });
});

describe('shouldRedirectOnUnauthorized', () => {
  it.each([
    ['/', false],
    ['/callback', false],
    ['/callback/', false],
    ['/dashboard', true],
    ['/logout', true],
    ['/callbacks', true],
  ])('%s -> %s', (pathname, expected) => {
    expect(shouldRedirectOnUnauthorized(pathname)).toBe(expected);
  });

  it('does nothing outside the browser', () => {
    expect(() => redirectHomeOnUnauthorized()).not.toThrow();
  });
});
