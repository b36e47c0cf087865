import type { FastifyPluginAsync } from 'fastify';
import { issueAuthorizationCode } from './authorization-codes';
import { FederationRefused, userForGoogleIdentity } from './federated-user';
import type { HostedUiContext } from './hosted-ui-context';
import { errorPage, redirectWithError } from './redirect-with-error';

interface IdpResponseQuery {
  state?: string;
  code?: string;
  error?: string;
  error_description?: string;
}

/**
 * GET /oauth2/idpresponse: Google sends the browser back here. The code is exchanged (state,
 * nonce and PKCE checked), the Google identity becomes a pool user, and the app gets our own
 * authorization code at its redirect_uri.
 */
export const idpResponseRoute: FastifyPluginAsync<{ context: HostedUiContext }> = async (
  app,
  { context },
) => {
  const { service } = context;
  app.get<{ Querystring: IdpResponseQuery }>('/oauth2/idpresponse', async (request, reply) => {
    const { state } = request.query;
    const pending =
      state === undefined
        ? undefined
        : await service.db
            .deleteFrom('upstream_requests')
            .where('state', '=', state)
            .returningAll()
            .executeTakeFirst();
    if (pending === undefined || pending.expires_at <= service.options.now().getTime()) {
      return errorPage(
        reply,
        400,
        'invalid_request: unknown or expired sign-in, please start again',
      );
    }
    const fail = (error: string, description: string) =>
      redirectWithError(reply, pending.redirect_uri, error, description, pending.client_state);
    if (request.query.error !== undefined) {
      // access_denied is how Google reports a cancelled consent; pass it on as it came.
      return fail(request.query.error, request.query.error_description ?? request.query.error);
    }
    if (context.google === undefined)
      return fail('unauthorized_client', 'Google is not configured');
    let user;
    try {
      const google = await context.google();
      const callbackUrl = new URL(`${context.publicUrl()}/oauth2/idpresponse`);
      for (const [name, value] of Object.entries(request.query)) {
        if (typeof value === 'string') callbackUrl.searchParams.set(name, value);
      }
      const identity = await google.identity(callbackUrl, {
        state: pending.state,
        nonce: pending.nonce,
        codeVerifier: pending.code_verifier,
      });
      user = await userForGoogleIdentity(service, identity);
    } catch (error) {
      if (error instanceof FederationRefused) return fail('access_denied', error.message);
      request.log.warn({ err: error }, 'hosted UI: Google sign-in failed');
      return fail('server_error', 'Google sign-in could not be completed');
    }
    const code = await issueAuthorizationCode(service, {
      userId: user.id,
      redirectUri: pending.redirect_uri,
      codeChallenge: pending.code_challenge,
      scope: pending.scope,
    });
    const target = new URL(pending.redirect_uri);
    target.searchParams.set('code', code);
    if (pending.client_state !== null) target.searchParams.set('state', pending.client_state);
    return reply.redirect(target.toString(), 302);
  });
};
