/**
 * The product-API client of every front end (spec §7, §8). The shell configures it once with the
 * API base and a token source; remotes just call `api.*`. This module is part of the shared
 * Module Federation singleton, so that one configuration is what every remote sees.
 *
 * Kept free of React and aws-amplify: the token comes in through `getToken`, so the client works
 * the same in the browser, in Node tests and against any identity provider.
 */

import { claimSingleton } from './singleton-guard';
import { API_TIMEOUT_MS, AUTH_ENTRY_ROUTES, ROUTES } from './spec/constants';

claimSingleton('@app/shared/api-client');

export interface ApiClientConfig {
  /** Absolute (`https://api.example.com`) or relative to the page (`/api`). */
  baseUrl: string;
  /** The id token, else the access token, else null when signed out. */
  getToken: () => Promise<string | null>;
  /** Replaces the default 401 handling (`redirectHomeOnUnauthorized`). */
  onUnauthorized?: () => void;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export type QueryValue = string | number | boolean | null | undefined;

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** `undefined` and `null` values are left out, so optional filters can be passed as they are. */
  query?: Readonly<Record<string, QueryValue>>;
  /** Sent as JSON with its content type. */
  json?: unknown;
  /** Sent as is; for FormData the browser sets the multipart boundary itself. */
  body?: FormData | Blob;
  signal?: AbortSignal;
  headers?: Readonly<Record<string, string>>;
}

/** A non-2xx answer. `code` and `message` come from the body's `error` and `message` fields. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string | undefined;
  readonly body: unknown;

  constructor(status: number, message: string, code: string | undefined, body: unknown) {
    super(message);
    this.status = status;
    this.code = code;
    this.body = body;
  }
}

/** No complete answer within the timeout; kept apart from ApiError because nothing was answered. */
export class ApiTimeoutError extends Error {
  override readonly name = 'ApiTimeoutError';
  readonly timeoutMs: number;

  constructor(timeoutMs: number) {
    super(`The request took longer than ${timeoutMs} ms`);
    this.timeoutMs = timeoutMs;
  }
}

let config: ApiClientConfig | undefined;

// ---------------------------------------------------------------------------------------------
// Connectivity
// ---------------------------------------------------------------------------------------------

/**
 * Whether the last request failed at the network and nothing has answered since. The browser's
 * navigator.onLine is only sure when it says false: after a reload served by the service worker
 * some browsers say true while offline, and a phone on a network without internet says true.
 */
let unreachable = false;
const connectivityListeners = new Set<() => void>();

function setUnreachable(next: boolean): void {
  if (next === unreachable) return;
  unreachable = next;
  for (const listener of connectivityListeners) listener();
}

/** A request of this app failed at the network (fetch rejected with no answer at all). */
export function reportNetworkFailure(): void {
  setUnreachable(true);
}

/** False when the browser says offline, or the app's last request could not reach anyone. */
export function isOnline(): boolean {
  const browserOffline = typeof navigator !== 'undefined' && navigator.onLine === false;
  return !browserOffline && !unreachable;
}

/** For useSyncExternalStore: told when `isOnline` may have changed. */
export function subscribeOnline(listener: () => void): () => void {
  // The browser saying it is online again lets the next request decide.
  const online = () => {
    setUnreachable(false);
    listener();
  };
  connectivityListeners.add(listener);
  globalThis.addEventListener?.('online', online);
  globalThis.addEventListener?.('offline', listener);
  return () => {
    connectivityListeners.delete(listener);
    globalThis.removeEventListener?.('online', online);
    globalThis.removeEventListener?.('offline', listener);
  };
}

/** What fetch rejects with when nothing answered (an abort or a timeout is not this). */
export const isNetworkFailure = (error: unknown): boolean => error instanceof TypeError;

export function configureApiClient(next: ApiClientConfig): void {
  config = next;
}

/**
 * §8: a 401 sends the browser to '/', except on '/' and '/callback' themselves, where the user is
 * signing in and a redirect would only reload the page in a loop.
 */
export function shouldRedirectOnUnauthorized(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return !(AUTH_ENTRY_ROUTES as readonly string[]).includes(path);
}

/** The default 401 handler; a no-op outside the browser, where there is nothing to navigate. */
export function redirectHomeOnUnauthorized(): void {
  const { location } = globalThis as {
    location?: { pathname: string; assign(url: string): void };
  };
  if (location && shouldRedirectOnUnauthorized(location.pathname)) location.assign(ROUTES.home);
}

/**
 * Calls the product API and resolves with the parsed JSON answer (undefined for an empty one).
 * Every failure is logged and re-thrown (§8), except an abort the caller asked for.
 */
async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  try {
    return (await send(path, method, options)) as T;
  } catch (error) {
    const cancelledByCaller = options.signal?.aborted && !(error instanceof ApiTimeoutError);
    if (!cancelledByCaller) console.error(`API ${method} ${path} failed:`, error);
    throw error;
  }
}

type RequestOptionsWithoutMethod = Omit<ApiRequestOptions, 'method'>;

export const api = {
  get: <T>(path: string, options?: RequestOptionsWithoutMethod) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, options?: RequestOptionsWithoutMethod) =>
    apiRequest<T>(path, { ...options, method: 'POST' }),
  put: <T>(path: string, options?: RequestOptionsWithoutMethod) =>
    apiRequest<T>(path, { ...options, method: 'PUT' }),
  delete: <T>(path: string, options?: RequestOptionsWithoutMethod) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

async function send(path: string, method: string, options: ApiRequestOptions): Promise<unknown> {
  if (!config) throw new Error('The API client is used before configureApiClient was called');
  const { baseUrl, getToken, onUnauthorized = redirectHomeOnUnauthorized } = config;
  const timeoutMs = config.timeoutMs ?? API_TIMEOUT_MS;
  const fetchImpl = config.fetch ?? globalThis.fetch;

  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = await getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined = options.body;
  if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  }

  // One controller for both the timeout and the caller's signal; AbortSignal.any would do this
  // but is missing from the older mobile browsers the app still runs on.
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const forwardCallerAbort = () => controller.abort(options.signal?.reason);
  if (options.signal?.aborted) forwardCallerAbort();
  options.signal?.addEventListener('abort', forwardCallerAbort, { once: true });

  try {
    const response = await fetchImpl(apiUrl(baseUrl, path, options.query), {
      method,
      headers: { ...headers, ...options.headers },
      body,
      signal: controller.signal,
    });
    setUnreachable(false);
    // The body is read inside the timeout too: a stalled stream is as unanswered as no headers.
    const text = await response.text();
    const contentType = response.headers.get('content-type') ?? '';
    if (response.ok) {
      return text !== '' && contentType.includes('json') ? JSON.parse(text) : text || undefined;
    }
    if (response.status === 401) onUnauthorized();
    throw toApiError(response, parseLeniently(text, contentType));
  } catch (error) {
    if (timedOut) throw new ApiTimeoutError(timeoutMs);
    if (isNetworkFailure(error) && !controller.signal.aborted) reportNetworkFailure();
    throw error;
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', forwardCallerAbort);
  }
}

/**
 * The URL the client asks for `path` with `query`. With an empty base it is the path and query
 * alone, which the shell's start appends to the deployment's base to send the same read early.
 */
export function apiUrl(baseUrl: string, path: string, query: ApiRequestOptions['query']): string {
  const url = `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const search = params.toString();
  if (search === '') return url;
  return `${url}${url.includes('?') ? '&' : '?'}${search}`;
}

/** Error bodies are not always JSON (a proxy's HTML page, say); keep them readable anyway. */
function parseLeniently(text: string, contentType: string): unknown {
  if (text === '' || !contentType.includes('json')) return text || undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function toApiError(response: Response, body: unknown): ApiError {
  const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const message =
    typeof fields.message === 'string' && fields.message !== ''
      ? fields.message
      : response.statusText || `Request failed with status ${response.status}`;
  const code = typeof fields.error === 'string' ? fields.error : undefined;
  return new ApiError(response.status, message, code, body);
}
