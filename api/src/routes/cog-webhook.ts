import { API_ROUTES } from '@app/shared/contract/api-routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { COG_WEBHOOK_PATH } from '../config';
import type { CogService } from '../engines/cog/cog-service';
import { API_PREFIX } from '../paths';

/**
 * A finished job's outputs ride inline as data URLs: trained LoRA weights are tens of MB, a
 * third more in base64. A container started with --upload-url sends URLs instead.
 */
const WEBHOOK_BODY_LIMIT = 256 * 1024 * 1024;

/**
 * Cog's completion webhooks (public: the token in the URL, made with COG_WEBHOOK_SECRET, is the
 * permission). Registered only when Cog is configured. Answers once the outcome and its files
 * are stored; the waiting job does the rest.
 */
export const cogWebhookRoutes: FastifyPluginAsyncZod<{ cog: CogService }> = async (
  app,
  { cog },
) => {
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );
  app.post(
    COG_WEBHOOK_PATH.slice(API_PREFIX.length),
    {
      bodyLimit: WEBHOOK_BODY_LIMIT,
      schema: {
        summary: 'Cog webhook (token in the URL; completes trainings and images)',
        security: [],
        ...API_ROUTES['POST /webhooks/cog'],
      },
    },
    async (request) => {
      await cog.receiveWebhook(request.query, request.body as Buffer);
      return { received: true as const };
    },
  );
};
