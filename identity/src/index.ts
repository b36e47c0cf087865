import type { FastifyPluginAsync } from 'fastify';
import { addCors } from './cors';
import { cognitoErrorHandler } from './errors';
import { IDENTITY_DEFAULTS, assertValidPoolId, type IdentityOptions } from './options';
import { cognitoApiRoutes } from './routes/cognito-api';
import { healthRoutes } from './routes/health';

export { IDENTITY_DEFAULTS, type IdentityOptions } from './options';

/**
 * The embedded Cognito-compatible user pool. Encapsulated on purpose: its error handler, content
 * type parser and CORS apply to identity routes only, wherever the host mounts it.
 */
export const identityPlugin: FastifyPluginAsync<IdentityOptions> = async (app, options) => {
  assertValidPoolId(options);
  app.setErrorHandler(cognitoErrorHandler);
  addCors(app, options.allowedOrigins ?? IDENTITY_DEFAULTS.allowedOrigins);
  await app.register(healthRoutes);
  await app.register(cognitoApiRoutes, { options });
};
