import type { FastifyInstance } from 'fastify';

/** What aws-amplify sends on every Cognito call; a preflight that omits one blocks the call. */
const AMPLIFY_REQUEST_HEADERS = [
  'cache-control',
  'x-amz-user-agent',
  'amz-sdk-invocation-id',
  'amz-sdk-request',
  'x-amz-target',
  'content-type',
].join(', ');

/**
 * Hooks onto the identity instance itself (not a child plugin) so it covers every identity route.
 * Unlisted origins get no CORS headers, which makes the browser refuse the call.
 */
export function addCors(app: FastifyInstance, allowedOrigins: readonly string[]): void {
  const allowed = new Set(allowedOrigins);
  const isAllowed = (origin: string | undefined): origin is string =>
    origin !== undefined && allowed.has(origin);

  app.addHook('onRequest', async (request, reply) => {
    reply.header('vary', 'origin');
    const { origin } = request.headers;
    if (!isAllowed(origin)) return;
    reply.header('access-control-allow-origin', origin);
    // Without this, cross-origin script cannot read the header amplify takes the error name from.
    reply.header('access-control-expose-headers', 'x-amzn-errortype');
  });

  app.options('/*', async (request, reply) => {
    if (isAllowed(request.headers.origin)) {
      reply.header('access-control-allow-methods', 'GET, POST');
      reply.header('access-control-allow-headers', AMPLIFY_REQUEST_HEADERS);
      reply.header('access-control-max-age', '600');
    }
    return reply.code(204).send();
  });
}
