import type { FastifyReply } from 'fastify';

/**
 * OAuth errors go back to the app (RFC 6749 §4.1.2.1) once its redirect_uri is known to be
 * allowed; aws-amplify reads `error` and `error_description` from the query.
 */
export function redirectWithError(
  reply: FastifyReply,
  redirectUri: string,
  error: string,
  description: string,
  state: string | null | undefined,
): FastifyReply {
  const url = new URL(redirectUri);
  url.searchParams.set('error', error);
  url.searchParams.set('error_description', description);
  if (state) url.searchParams.set('state', state);
  return reply.redirect(url.toString(), 302);
}

/** Before the redirect_uri is trusted, errors stay on our own page (never an open redirect). */
export function errorPage(reply: FastifyReply, status: number, message: string): FastifyReply {
  const escaped = message.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .send(`<!doctype html><meta charset="utf-8"><title>Sign-in error</title><p>${escaped}</p>`);
}
