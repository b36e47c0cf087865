import type { FastifyPluginAsync } from 'fastify';
import type { HostedUiContext } from './hosted-ui-context';
import { errorPage } from './redirect-with-error';

/**
 * GET /logout: the hosted UI keeps no session of its own (every sign-in goes through Google), so
 * signing out here only checks the return address and sends the browser back to the app.
 */
export const logoutRoute: FastifyPluginAsync<{ context: HostedUiContext }> = async (
  app,
  { context },
) => {
  app.get<{ Querystring: { client_id?: string; logout_uri?: string } }>(
    '/logout',
    async (request, reply) => {
      const { client_id: clientId, logout_uri: logoutUri } = request.query;
      if (clientId !== context.service.options.clientId) {
        return errorPage(reply, 400, 'invalid_client: unknown client_id');
      }
      if (logoutUri === undefined || !context.logoutUris.has(logoutUri)) {
        return errorPage(reply, 400, 'logout_uri is not allowed for this client');
      }
      return reply.redirect(logoutUri, 302);
    },
  );
};
