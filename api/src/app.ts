import { mkdir } from 'node:fs/promises';
import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AppConfig } from './config';
import { errorHandler, replyNotFound } from './errors';
import { API_PREFIX } from './paths';
import { authPlugin } from './plugins/auth';
import { bodyIdleTimeoutPlugin } from './plugins/body-idle-timeout';
import { dbPlugin } from './plugins/db';
import { rateLimitPlugin } from './plugins/rate-limit';
import { replicateOutcomePrunerPlugin } from './plugins/replicate-outcome-pruner';
import { genReqId, requestIdPlugin } from './plugins/request-id';
import { securityHeadersPlugin } from './plugins/security-headers';
import { servicesPlugin } from './plugins/services';
import { thumbnailBackfillPlugin } from './plugins/thumbnail-backfill';
import { uploadSweeperPlugin } from './plugins/upload-sweeper';
import { openApiPlugin } from './plugins/zod';
import { apiRoutes } from './routes/api';
import { runtimeConfigRoutes } from './routes/runtime-config';
import { webRoutes } from './routes/web';

/** Bytes from which an answer is compressed (streams always are). */
export const COMPRESSION_THRESHOLD = 16 * 1024;

/** Routes that accept more (uploads) raise it for themselves. */
const DEFAULT_BODY_LIMIT = 1024 * 1024;

export async function buildApp(config: AppConfig): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    genReqId,
    bodyLimit: DEFAULT_BODY_LIMIT,
    trustProxy: config.trustProxy,
  });
  app.setErrorHandler(errorHandler);

  // Everything the server keeps on disk lives here; the first start creates it.
  await mkdir(config.dataDir, { recursive: true });

  // External plugins
  // Phones on slow links: scripts and large JSON go out gzip/brotli-compressed when the client
  // asks. Not below the threshold: a compression stream costs a small answer (a profile, a
  // gallery page of 10) several times the CPU of the rest of its request, to save a few KB next
  // to the thumbnails of the same screen. Request bodies arrive plain (JSON, image bytes): no
  // decompression hook on every request.
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESSION_THRESHOLD,
  });
  await app.register(securityHeadersPlugin);
  await app.register(requestIdPlugin);
  await app.register(bodyIdleTimeoutPlugin, { idleMs: config.bodyIdleTimeoutMs });
  await app.register(dbPlugin, { database: config.database });
  await app.register(rateLimitPlugin);
  await app.register(openApiPlugin);

  // App plugins: services as decorators, then authentication, which uses them
  await app.register(servicesPlugin, { config });
  await app.register(uploadSweeperPlugin);
  await app.register(thumbnailBackfillPlugin);
  await app.register(replicateOutcomePrunerPlugin);
  await app.register(authPlugin, {
    issuer: config.cognito.issuer,
    clientId: config.cognito.clientId,
  });

  // Routes
  await app.register(apiRoutes, { prefix: API_PREFIX, config });
  await app.register(runtimeConfigRoutes, { config });
  if (config.web.serve) {
    await app.register(webRoutes, { root: config.web.root, config });
  } else {
    app.setNotFoundHandler(replyNotFound);
  }

  return app;
}
