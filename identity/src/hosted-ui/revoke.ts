import type { FastifyPluginAsync } from 'fastify';
import { findRefreshToken, revokeRefreshTokenFamily } from '../tokens/refresh-tokens';
import type { HostedUiContext } from './hosted-ui-context';

/** POST /oauth2/revoke (RFC 7009): revokes a refresh token and the tokens minted from it. */
export const revokeRoute: FastifyPluginAsync<{ context: HostedUiContext }> = async (
  app,
  { context },
) => {
  const { service } = context;
  app.post<{ Body: Record<string, string | undefined> }>(
    '/oauth2/revoke',
    async (request, reply) => {
      const form = request.body ?? {};
      if (form.client_id !== service.options.clientId) {
        return reply.code(401).send({ error: 'invalid_client' });
      }
      if (form.token === undefined) return reply.code(400).send({ error: 'invalid_request' });
      const row = await findRefreshToken(service, form.token);
      // RFC 7009: an unknown token is not an error; there is simply nothing to revoke.
      if (row !== undefined && row.client_id === form.client_id) {
        await revokeRefreshTokenFamily(service, row.id);
      }
      return reply.code(200).send({});
    },
  );
};
