import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';

interface Hop {
  status: number;
  location: string | undefined;
  body: string;
}

/**
 * A browser's part in a redirect flow: GETs with a cookie jar per host, following redirects
 * until one leads to `stopAt` (the app, which is not running). HTTPS is checked against `ca`.
 */
export class Browser {
  private readonly jar = new Map<string, Map<string, string>>();

  constructor(private readonly ca: string) {}

  get(url: string): Promise<Hop> {
    const target = new URL(url);
    const cookies = [...(this.jar.get(target.host)?.entries() ?? [])]
      .map(([name, value]) => `${name}=${value}`)
      .join('; ');
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise((resolve, reject) => {
      const req = send(
        target,
        { method: 'GET', headers: cookies ? { cookie: cookies } : {}, ca: this.ca },
        (res) => {
          for (const header of res.headers['set-cookie'] ?? []) {
            const [pair = ''] = header.split(';');
            const at = pair.indexOf('=');
            const cookiesOfHost = this.jar.get(target.host) ?? new Map<string, string>();
            cookiesOfHost.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
            this.jar.set(target.host, cookiesOfHost);
          }
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              location: res.headers.location && new URL(res.headers.location, target).toString(),
              body,
            }),
          );
        },
      );
      req.on('error', reject);
      req.end();
    });
  }

  /** Follows redirects from `url`; returns the first address starting with `stopAt`. */
  async follow(url: string, stopAt: string): Promise<URL> {
    let next = url;
    for (let hop = 0; hop < 20; hop += 1) {
      if (next.startsWith(stopAt)) return new URL(next);
      const response = await this.get(next);
      if (response.location === undefined) {
        throw new Error(
          `stopped at ${next} with ${response.status}: ${response.body.slice(0, 300)}`,
        );
      }
      next = response.location;
    }
    throw new Error('too many redirects');
  }
}

/** POSTs a form over HTTPS trusting `ca`, as aws-amplify does to /oauth2/token and /oauth2/revoke. */
export function postForm(
  url: string,
  form: Record<string, string>,
  ca: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Record<string, unknown>; headers: Record<string, unknown> }> {
  const payload = new URLSearchParams(form).toString();
  return new Promise((resolve, reject) => {
    const req = httpsRequest(
      new URL(url),
      {
        method: 'POST',
        ca,
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      },
      (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: body ? (JSON.parse(body) as Record<string, unknown>) : {},
            headers: res.headers,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}
