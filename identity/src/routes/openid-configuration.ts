import type { FastifyPluginAsync } from 'fastify';
import type { IdentityService } from '../service';

/**
 * `<issuer>/.well-known/openid-configuration`, which Cognito serves and OpenID Connect libraries
 * read to find the keys and endpoints. Only what this pool serves is listed: the hosted-UI
 * endpoints when its URL is known, one response type (code, with PKCE S256), no client secret.
 */
export const openIdConfigurationRoutes: FastifyPluginAsync<{ service: IdentityService }> = async (
  app,
  { service },
) => {
  const { issuer, userPoolId, hostedUiUrl } = service.options;
  const hostedUi =
    hostedUiUrl === undefined
      ? {}
      : {
          authorization_endpoint: `${hostedUiUrl}/oauth2/authorize`,
          token_endpoint: `${hostedUiUrl}/oauth2/token`,
          revocation_endpoint: `${hostedUiUrl}/oauth2/revoke`,
          end_session_endpoint: `${hostedUiUrl}/logout`,
        };
  const document = {
    issuer,
    jwks_uri: `${issuer}/.well-known/jwks.json`,
    ...hostedUi,
    response_types_supported: ['code'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    code_challenge_methods_supported: ['S256'],
    scopes_supported: ['openid', 'email', 'phone', 'profile'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['RS256'],
    token_endpoint_auth_methods_supported: ['none'],
  };
  app.get(`/${userPoolId}/.well-known/openid-configuration`, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').send(document),
  );
};
