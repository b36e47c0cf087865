import { request } from 'node:http';

interface RawAnswer {
  /** Undefined: the server closed the connection without answering. */
  status?: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body?: any;
  headers?: Record<string, string | string[] | undefined>;
  /** Milliseconds from the first byte sent to the answer (or the close). */
  elapsedMs: number;
}

/**
 * One request on its own connection (no pooled sockets to count) with a body written as given:
 * `end: false` leaves the body unfinished, as a client whose upload stalls. Gives up (no status)
 * after `waitMs`, so a server that never answers fails the test with a reason.
 */
export function rawRequest(
  url: string,
  options: {
    method: string;
    headers: Record<string, string>;
    body: Buffer;
    end?: boolean;
    waitMs?: number;
  },
): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const started = performance.now();
    const elapsedMs = () => Math.round(performance.now() - started);
    const req = request(url, { method: options.method, headers: options.headers, agent: false });
    const timer = setTimeout(() => {
      resolve({ elapsedMs: elapsedMs() });
      req.destroy();
    }, options.waitMs ?? 10_000);
    req.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        clearTimeout(timer);
        const text = Buffer.concat(chunks).toString();
        const isJson = (response.headers['content-type'] ?? '').includes('json');
        resolve({
          status: response.statusCode,
          body: isJson && text ? JSON.parse(text) : text,
          headers: response.headers,
          elapsedMs: elapsedMs(),
        });
        req.destroy();
      });
    });
    req.on('error', () => {
      clearTimeout(timer);
      resolve({ elapsedMs: elapsedMs() });
    });
    if (options.end === false) req.write(options.body);
    else req.end(options.body);
  });
}
