import type { FastifyInstance } from 'fastify';

/**
 * Lets `close()` end once the requests it found in flight are answered. Fastify closes the
 * keep-alive connections that are idle when the close starts; one still answering then stays
 * open after its answer for the whole keep-alive timeout (fastify/fastify#7044), and holds the
 * close, a deploy's shutdown or a test's teardown, that long. So while closing, every answer
 * closes the connections that have gone idle, its own included.
 */
export function closeConnectionsOnceAnswered(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onResponse', async () => {
    if (closing) app.server.closeIdleConnections();
  });
}
