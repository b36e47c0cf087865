import type { RunningApp } from '../helpers';

export interface CallOptions {
  token?: string;
  json?: unknown;
  body?: RequestInit['body'];
  headers?: Record<string, string>;
}

export interface CallResult {
  status: number;
  /** Tests check shapes with expect(); typing every answer here would only repeat the schemas. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  headers: Headers;
}

/** fetch against the running app with a bearer token; the body is parsed when it is JSON. */
export async function call(
  running: RunningApp,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<CallResult> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body = options.body;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  const url = path.startsWith('http') ? path : `${running.url}${path}`;
  const response = await fetch(url, { method, headers, body });
  const text = await response.text();
  const isJson = (response.headers.get('content-type') ?? '').includes('json');
  return {
    status: response.status,
    body: isJson && text ? JSON.parse(text) : text,
    headers: response.headers,
  };
}
