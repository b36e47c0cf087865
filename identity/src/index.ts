import type { FastifyPluginAsync } from 'fastify';
import { addCors } from './cors';
import { cognitoErrorHandler } from './errors';
import type { IdentityOptions } from './options';
import { cognitoApiRoutes } from './routes/cognito-api';
import { devOutboxRoutes } from './routes/dev-outbox';
import { healthRoutes } from './routes/health';
import { jwksRoutes } from './routes/jwks';
import { openIdConfigurationRoutes } from './routes/openid-configuration';
import { openIdentityService } from './service';

export { hostedUiOptionsFromEnv, identityOptionsFromEnv, type IdentityPlacement } from './config';
export {
  HOSTED_UI_DEFAULTS,
  type GoogleUpstreamOptions,
  type HostedUiOptions,
} from './hosted-ui/hosted-ui-options';
export { startHostedUi, type RunningHostedUi } from './hosted-ui/server';
export {
  IDENTITY_DEFAULTS,
  issuerFor,
  type IdentityOptions,
  type MfaConfiguration,
} from './options';
export { closeConnectionsOnceAnswered } from './close-connections';
export { createMailTransport, type MailMessage, type MailTransport } from './mail/mailer';
export { openUserAccounts, type UserAccounts } from './admin/user-accounts';
export { readPublicJwks } from './tokens/public-jwks';
export { openTokenRevocations, type TokenRevocations } from './tokens/revocations';

/**
 * The embedded Cognito-compatible user pool. Encapsulated on purpose: its error handler, content
 * type parser and CORS apply to identity routes only, wherever the host mounts it.
 */
export const identityPlugin: FastifyPluginAsync<IdentityOptions> = async (app, options) => {
  const service = await openIdentityService(options);
  app.addHook('onClose', () => service.close());
  app.setErrorHandler(cognitoErrorHandler);
  addCors(app, service.options.allowedOrigins);
  await app.register(healthRoutes);
  await app.register(jwksRoutes, { service });
  await app.register(openIdConfigurationRoutes, { service });
  if (service.options.devOutbox) await app.register(devOutboxRoutes, { service });
  await app.register(cognitoApiRoutes, { service });
};
