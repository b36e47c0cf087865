import type { FastifyPluginAsync } from 'fastify';
import type { IdentityService } from '../service';

/** `<issuer>/.well-known/jwks.json`, where Cognito's verifiers (and jose) look for the keys. */
export const jwksRoutes: FastifyPluginAsync<{ service: IdentityService }> = async (
  app,
  { service },
) => {
  app.get(`/${service.options.userPoolId}/.well-known/jwks.json`, async (_request, reply) =>
    reply
      .header('cache-control', 'public, max-age=3600')
      .send({ keys: [service.signingKey.publicJwk] }),
  );
};
