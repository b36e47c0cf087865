import { mkdir } from 'node:fs/promises';
import fastifyCompress from '@fastify/compress';
import { closeConnectionsOnceAnswered } from '@app/identity';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import {
  embeddedRevocationCheck,
  poolRevocationCheck,
  type RevocationCheck,
  type SessionRevocations,
} from './auth/revocation';
import { EMBEDDED_USER_POOL_ENDPOINT, type AppConfig } from './config';
import { errorHandler, replyNotFound } from './errors';
import { API_PREFIX } from './paths';
import { authPlugin } from './plugins/auth';
import { bodyIdleTimeoutPlugin } from './plugins/body-idle-timeout';
import { dbPlugin } from './plugins/db';
import { mailDeliveryPlugin } from './plugins/mail-delivery';
import { rateLimitPlugin } from './plugins/rate-limit';
import { replicateOutcomePrunerPlugin } from './plugins/replicate-outcome-pruner';
import { genReqId, requestIdPlugin } from './plugins/request-id';
import { securityHeadersPlugin } from './plugins/security-headers';
import { servicesPlugin } from './plugins/services';
import { thumbnailBackfillPlugin } from './plugins/thumbnail-backfill';
import { uploadSweeperPlugin } from './plugins/upload-sweeper';
import { editInputSweeperPlugin } from './plugins/edit-input-sweeper';
import { openApiPlugin } from './plugins/zod';
import { apiRoutes } from './routes/api';
import type { AccountPool } from './services/account-deletion';
import { runtimeConfigRoutes } from './routes/runtime-config';
import { webRoutes } from './routes/web';

/** Bytes from which an answer is compressed (streams always are). */
export const COMPRESSION_THRESHOLD = 16 * 1024;

/** Routes that accept more (uploads) raise it for themselves. */
const DEFAULT_BODY_LIMIT = 1024 * 1024;

export interface AppParts {
  /** The embedded identity service's sessions: a signed-out token is refused at once. */
  sessions?: SessionRevocations;
  /** The embedded pool's users: an account deletion deletes its user and mails the receipt. */
  pool?: AccountPool;
}

/**
 * Which ended sessions the api can know of: the embedded pool's, every request; a user pool
 * elsewhere (Amazon Cognito) is asked at most every COGNITO_REVOCATION_CHECK_MINUTES.
 */
function revocationCheck(
  config: AppConfig,
  parts: AppParts,
  log: FastifyBaseLogger,
): RevocationCheck | undefined {
  if (parts.sessions) return embeddedRevocationCheck(parts.sessions);
  const { userPoolEndpoint, region } = config.cognito;
  if (userPoolEndpoint === EMBEDDED_USER_POOL_ENDPOINT) return undefined;
  return poolRevocationCheck({
    endpoint: userPoolEndpoint ?? `https://cognito-idp.${region}.amazonaws.com/`,
    intervalMs: config.cognito.revocationCheckMs,
    log,
  });
}

export async function buildApp(config: AppConfig, parts: AppParts = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    genReqId,
    bodyLimit: DEFAULT_BODY_LIMIT,
    trustProxy: config.trustProxy,
  });
  app.setErrorHandler(errorHandler);
  closeConnectionsOnceAnswered(app);

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
  await app.register(securityHeadersPlugin, { config });
  await app.register(requestIdPlugin);
  await app.register(bodyIdleTimeoutPlugin, { idleMs: config.bodyIdleTimeoutMs });
  await app.register(dbPlugin, { database: config.database });
  await app.register(rateLimitPlugin);
  await app.register(openApiPlugin);

  // App plugins: services as decorators, then authentication, which uses them
  await app.register(servicesPlugin, { config, pool: parts.pool ?? null });
  await app.register(uploadSweeperPlugin);
  await app.register(editInputSweeperPlugin);
  await app.register(mailDeliveryPlugin);
  await app.register(thumbnailBackfillPlugin);
  await app.register(replicateOutcomePrunerPlugin);
  const revoked = revocationCheck(config, parts, app.log);
  await app.register(authPlugin, {
    issuer: config.cognito.issuer,
    clientId: config.cognito.clientId,
    ...(revoked ? { revoked } : {}),
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
