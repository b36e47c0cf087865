import { createHash, createPublicKey } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, Agent, type IncomingHttpHeaders } from 'node:http';
import { createSecureServer, type Http2ServerRequest, type Http2ServerResponse } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TLSSocket } from 'node:tls';
import {
  loadOrCreateCertificate,
  type TlsMaterial,
} from '../../identity/src/hosted-ui/tls-certificate';
import { startProduct } from '../../e2e/tests/support/api-server';

/** Headers that describe one hop's connection: HTTP/2 forbids them, HTTP/1.1 sets its own. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'http2-settings',
  'host',
]);

function forwardable(headers: IncomingHttpHeaders): Record<string, string | string[]> {
  const kept: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !name.startsWith(':') && !HOP_BY_HOP.has(name)) kept[name] = value;
  }
  return kept;
}

export interface TlsFront {
  /** https://localhost:<port>, where the browser reaches the product. */
  origin: string;
  /** The base64 SHA-256 of the certificate's public key, for Chromium's SPKI allow-list. */
  spki: string;
  stop: () => Promise<void>;
}

/**
 * What a phone reaches in a deployment (docs/configuration.md: the api behind a TLS-terminating
 * load balancer; a PWA's service worker needs https anyway): TLS and HTTP/2 to the browser, the
 * api behind it over HTTP/1.1 with keep-alive, told the original scheme and host through
 * X-Forwarded-* (the api runs with TRUST_PROXY). Streams in both directions, buffers nothing.
 */
export async function startTlsFront(
  apiOrigin: string,
  port: number,
  tls: TlsMaterial,
): Promise<TlsFront> {
  const api = new URL(apiOrigin);
  const agent = new Agent({ keepAlive: true });
  const forward = (incoming: Http2ServerRequest, outgoing: Http2ServerResponse) => {
    const host = incoming.headers[':authority'] ?? incoming.headers.host ?? `localhost:${port}`;
    const upstream = httpRequest(
      {
        host: api.hostname,
        port: api.port,
        method: incoming.method,
        path: incoming.url,
        agent,
        headers: {
          ...forwardable(incoming.headers),
          host,
          'x-forwarded-proto': 'https',
          'x-forwarded-host': host,
        },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, forwardable(answer.headers));
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', (error) => {
      if (outgoing.headersSent) outgoing.stream.close();
      else outgoing.writeHead(502).end(String(error));
    });
    incoming.pipe(upstream);
  };
  const server = createSecureServer({ ...tls, allowHTTP1: true }, forward);
  const sockets = new Set<TLSSocket>();
  server.on('secureConnection', (socket: TLSSocket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(port, 'localhost', resolve));
  const der = createPublicKey(tls.cert).export({ type: 'spki', format: 'der' });
  return {
    origin: `https://localhost:${(server.address() as AddressInfo).port}`,
    spki: createHash('sha256').update(der).digest('base64'),
    stop: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.close(() => resolve());
        // Chromium keeps its connections open; close() alone would wait for them.
        for (const socket of sockets) socket.destroy();
      }),
  };
}

export interface ProductUnderTest {
  /** Where the browser starts the app. */
  origin: string;
  /** Where this process reaches the api itself (seeding, tokens), trusting no certificate. */
  apiOrigin: string;
  /** What Chromium needs to reach `origin`. */
  chromiumFlags: string[];
  stop: () => Promise<void>;
}

/**
 * The built product on `port`, behind a TLS front on `port + 1` with a throw-away self-signed
 * certificate. The api trusts that certificate (NODE_EXTRA_CA_CERTS), because the embedded
 * identity service's issuer is the public https URL and the api reads its keys from there.
 */
export async function startProductBehindTls(port: number): Promise<ProductUnderTest> {
  const certificateDir = mkdtempSync(join(tmpdir(), 'studio-bench-tls-'));
  const tls = await loadOrCreateCertificate(certificateDir);
  const trusted = join(certificateDir, 'trusted.pem');
  writeFileSync(trusted, tls.cert);
  const publicOrigin = `https://localhost:${port + 1}`;
  const product = await startProduct(port, {
    LOG_LEVEL: 'error',
    TRUST_PROXY: 'true',
    PUBLIC_URL: publicOrigin,
    NODE_EXTRA_CA_CERTS: trusted,
  });
  const front = await startTlsFront(product.origin, port + 1, tls);
  return {
    origin: front.origin,
    apiOrigin: product.origin,
    chromiumFlags: [`--ignore-certificate-errors-spki-list=${front.spki}`],
    stop: async () => {
      await front.stop();
      await product.stop();
      rmSync(certificateDir, { recursive: true, force: true });
    },
  };
}
