import { API_ROUTES } from '@app/shared/contract/api-routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { REPLICATE_WEBHOOK_PATH } from '../config';
import type { ReplicateService } from '../engines/replicate/replicate-service';
import { API_PREFIX } from '../paths';

/** A training's object carries its logs: larger than the default body limit allows. */
const WEBHOOK_BODY_LIMIT = 16 * 1024 * 1024;

/**
 * Replicate's signed webhooks (public: the signature is the permission). Registered only when
 * Replicate is configured. Answers as soon as the outcome is stored; the waiting job does the work.
 */
export const replicateWebhookRoutes: FastifyPluginAsyncZod<{
  replicate: ReplicateService;
}> = async (app, { replicate }) => {
  // The signature is over the exact bytes Replicate sent, so the body must stay unparsed.
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );
  app.post(
    REPLICATE_WEBHOOK_PATH.slice(API_PREFIX.length),
    {
      bodyLimit: WEBHOOK_BODY_LIMIT,
      schema: {
        summary: 'Replicate webhook (Standard Webhooks signature; completes trainings and images)',
        security: [],
        ...API_ROUTES['POST /webhooks/replicate'],
      },
    },
    async (request) => {
      await replicate.receiveWebhook(request.headers, request.body as Buffer);
      return { received: true as const };
    },
  );
};
