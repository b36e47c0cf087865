import { API_ROUTES } from '@app/shared/contract/api-routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        summary: 'Liveness and database check (no token needed)',
        security: [],
        ...API_ROUTES['GET /health'],
      },
    },
    async (request, reply) => {
      try {
        await sql`select 1`.execute(app.db);
      } catch (error) {
        request.log.error({ err: error }, 'health check: database query failed');
        return reply.code(503).send({ status: 'error', database: 'unavailable' });
      }
      return { status: 'ok', database: 'ok' };
    },
  );
};
