import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';

const healthSchema = {
  type: 'object',
  properties: { status: { type: 'string' }, database: { type: 'string' } },
  required: ['status', 'database'],
} as const;

export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/health',
    { schema: { response: { 200: healthSchema, 503: healthSchema } } },
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
