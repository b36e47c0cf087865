import { createReadStream, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.jpg': 'image/jpeg',
  '.json': 'application/json',
  '.css': 'text/css',
  '.map': 'application/json',
  '.woff2': 'font/woff2',
};

/** A plain static file server on another origin, as a CDN hosting one remote would be. */
export async function serveDirectory(
  root: string,
): Promise<{ origin: string; close: () => Promise<void> }> {
  const server: Server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname));
    const file = join(root, path);
    response.setHeader('Access-Control-Allow-Origin', '*');
    const stat = file.startsWith(root) ? statSync(file, { throwIfNoEntry: false }) : undefined;
    if (!stat?.isFile()) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, {
      'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
      // As a CDN answers: validators of this version of the file, checked on every use. Across
      // origins a page reads only Last-Modified of the two; Date is exposed for the tests.
      'Cache-Control': 'no-cache',
      ETag: `"${stat.size.toString(16)}-${stat.mtimeMs.toString(16)}"`,
      'Last-Modified': stat.mtime.toUTCString(),
      'Access-Control-Expose-Headers': 'Date',
    });
    createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    // A browser keeps connections open; they must not hold the test up.
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
