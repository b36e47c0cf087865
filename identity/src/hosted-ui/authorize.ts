import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { ALLOWED_SCOPES, type HostedUiContext } from './hosted-ui-context';
import { isPkceValue } from './pkce';
import { errorPage, redirectWithError } from './redirect-with-error';

/** A user has this long to get through Google's pages. */
const UPSTREAM_REQUEST_LIFETIME_MS = 10 * 60_000;

interface AuthorizeQuery {
  client_id?: string;
  redirect_uri?: string;
  response_type?: string;
  identity_provider?: string;
  scope?: string;
  state?: string;
  code_challenge?: string;
  code_challenge_method?: string;
}

/**
 * GET /oauth2/authorize: checks the app's request (client, allowed redirect_uri, code flow,
 * PKCE S256 only) and sends the browser to Google, remembering the app's request until Google
 * answers at /oauth2/idpresponse.
 */
export const authorizeRoute: FastifyPluginAsync<{ context: HostedUiContext }> = async (
  app,
  { context },
) => {
  const { service } = context;
  app.get<{ Querystring: AuthorizeQuery }>('/oauth2/authorize', async (request, reply) => {
    const query = request.query;
    if (query.client_id !== service.options.clientId) {
      return errorPage(reply, 400, 'invalid_client: unknown client_id');
    }
    const redirectUri = query.redirect_uri;
    if (redirectUri === undefined || !context.redirectUris.has(redirectUri)) {
      return errorPage(
        reply,
        400,
        'redirect_mismatch: redirect_uri is not allowed for this client',
      );
    }
    const fail = (error: string, description: string) =>
      redirectWithError(reply, redirectUri, error, description, query.state);
    if (query.response_type !== 'code') {
      return fail('unsupported_response_type', 'only response_type=code is supported');
    }
    if (query.code_challenge_method !== 'S256' || !isPkceValue(query.code_challenge)) {
      return fail(
        'invalid_request',
        'PKCE is required: code_challenge with code_challenge_method=S256',
      );
    }
    const scopes = (query.scope ?? 'openid').split(/[\s+]+/).filter((scope) => scope !== '');
    if (scopes.some((scope) => !ALLOWED_SCOPES.includes(scope))) {
      return fail('invalid_scope', 'a requested scope is not allowed for this client');
    }
    if (query.identity_provider !== 'Google') {
      return fail('invalid_request', 'identity_provider must be Google');
    }
    if (context.google === undefined) {
      return fail('unauthorized_client', 'Google sign-in is not configured for this pool');
    }
    let google;
    try {
      google = await context.google();
    } catch (error) {
      request.log.error({ err: error }, 'hosted UI: Google discovery failed');
      return fail('temporarily_unavailable', 'Google cannot be reached');
    }
    const state = randomBytes(32).toString('base64url');
    const nonce = randomBytes(32).toString('base64url');
    const codeVerifier = randomBytes(48).toString('base64url');
    await service.db
      .insertInto('upstream_requests')
      .values({
        state,
        nonce,
        code_verifier: codeVerifier,
        redirect_uri: redirectUri,
        client_state: query.state ?? null,
        code_challenge: query.code_challenge,
        scope: scopes.join(' '),
        expires_at: service.options.now().getTime() + UPSTREAM_REQUEST_LIFETIME_MS,
      })
      .execute();
    const url = await google.authorizationUrl({
      redirectUri: `${context.publicUrl()}/oauth2/idpresponse`,
      state,
      nonce,
      codeVerifier,
    });
    return reply.redirect(url.toString(), 302);
  });
};
