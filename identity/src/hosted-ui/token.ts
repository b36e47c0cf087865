import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { signInTokens } from '../auth/sign-in-result';
import { refreshTokens } from '../auth/flows/refresh-token-auth';
import { CognitoError } from '../errors';
import { findUserById } from '../users/user-store';
import { takeAuthorizationCode } from './authorization-codes';
import type { HostedUiContext } from './hosted-ui-context';
import { isPkceValue, verifierMatchesChallenge } from './pkce';

type TokenForm = Record<string, string | undefined>;

function oauthError(reply: FastifyReply, error: string, description: string, status = 400) {
  return reply.code(status).send({ error, error_description: description });
}

/**
 * POST /oauth2/token: authorization_code (with the PKCE code_verifier, which is mandatory) and
 * refresh_token grants, answering in OAuth's shape rather than Cognito's JSON-protocol shape.
 */
export const tokenRoute: FastifyPluginAsync<{ context: HostedUiContext }> = async (
  app,
  { context },
) => {
  const { service } = context;
  app.post<{ Body: TokenForm }>('/oauth2/token', async (request, reply) => {
    const form = request.body ?? {};
    if (form.client_id !== service.options.clientId) {
      return oauthError(reply, 'invalid_client', 'unknown client_id', 401);
    }
    if (form.grant_type === 'authorization_code') {
      const grant =
        form.code === undefined ? undefined : await takeAuthorizationCode(service, form.code);
      if (grant === undefined || grant.redirectUri !== form.redirect_uri) {
        return oauthError(reply, 'invalid_grant', 'invalid, used or expired code');
      }
      if (
        !isPkceValue(form.code_verifier) ||
        !verifierMatchesChallenge(form.code_verifier, grant.codeChallenge)
      ) {
        return oauthError(
          reply,
          'invalid_grant',
          'code_verifier does not match the code_challenge',
        );
      }
      const user = await findUserById(service.db, grant.userId);
      if (user === undefined)
        return oauthError(reply, 'invalid_grant', 'the user no longer exists');
      const tokens = await signInTokens(service, user, grant.scope);
      return {
        access_token: tokens.AccessToken,
        id_token: tokens.IdToken,
        refresh_token: tokens.RefreshToken,
        expires_in: tokens.ExpiresIn,
        token_type: tokens.TokenType,
      };
    }
    if (form.grant_type === 'refresh_token') {
      try {
        const tokens = await refreshTokens(service, form.refresh_token);
        return {
          access_token: tokens.AccessToken,
          id_token: tokens.IdToken,
          expires_in: tokens.ExpiresIn,
          token_type: tokens.TokenType,
        };
      } catch (error) {
        if (error instanceof CognitoError) return oauthError(reply, 'invalid_grant', error.message);
        throw error;
      }
    }
    return oauthError(reply, 'unsupported_grant_type', 'use authorization_code or refresh_token');
  });
};
