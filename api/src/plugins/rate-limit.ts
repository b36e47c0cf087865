import fastifyRateLimit from '@fastify/rate-limit';
import { API_TEXT } from '@app/shared/spec';
import fp from 'fastify-plugin';

/**
 * Opt-in per route (`config.rateLimit`), counted per signed-in user: the preHandler hook runs
 * after authentication, so a shared office IP does not throttle everyone behind it.
 */
export const rateLimitPlugin = fp(
  async (app) => {
    await app.register(fastifyRateLimit, {
      global: false,
      hook: 'preHandler',
      keyGenerator: (request) => (request.user ? `user:${request.user.id}` : `ip:${request.ip}`),
      errorResponseBuilder: (_request, context) => ({
        statusCode: context.statusCode,
        error: 'TooManyRequests',
        message: API_TEXT.tooManyRequests,
      }),
    });
  },
  { name: 'rate-limit' },
);
