import type { AuthRuntimeConfig, RuntimeConfig } from '@app/shared/runtime-config';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config';

/**
 * Relative URLs stay relative (the shell resolves them against its own origin), except the user
 * pool endpoint: aws-amplify uses it verbatim and needs it absolute.
 */
export function buildRuntimeConfig(config: AppConfig, origin: string): RuntimeConfig {
  const { region, userPoolId, clientId, userPoolEndpoint, oauthDomain } = config.cognito;
  const auth: AuthRuntimeConfig = { region, userPoolId, userPoolClientId: clientId };
  if (userPoolEndpoint !== undefined) {
    auth.userPoolEndpoint = new URL(userPoolEndpoint, origin).href;
  }
  if (oauthDomain !== undefined) auth.oauthDomain = oauthDomain;
  return {
    apiBaseUrl: config.publicApiBaseUrl,
    remotes: config.remoteManifestUrls,
    auth,
    links: config.links,
  };
}

/** The origin the browser used to reach us; null when the Host header does not make one. */
export function requestOrigin(request: FastifyRequest): string | null {
  const origin = `${request.protocol}://${request.host}`;
  return URL.canParse(origin) ? origin : null;
}

export const runtimeConfigRoutes: FastifyPluginAsync<{ config: AppConfig }> = async (
  app,
  { config },
) => {
  app.get('/config.json', async (request, reply) => {
    const origin = requestOrigin(request);
    if (origin === null) {
      return reply.code(400).send({ error: 'BadRequest', message: 'Invalid Host header' });
    }
    // Read before every start of the shell: a redeployed remote must be picked up at once.
    reply.header('cache-control', 'no-store');
    return buildRuntimeConfig(config, origin);
  });
};
