import { API_ROUTES } from '@app/shared/contract/api-routes';
import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { keyedRequest } from '../jobs/idempotency';
import { presentJob, presentOwnedModel, requestOrigin } from '../presenters';

/** Starting a model's training, and training a failed one again (services/training.ts). */
export const trainingRoutes: FastifyPluginAsyncZod<{ writeLimit: RateLimitOptions }> = async (
  app,
  { writeLimit },
) => {
  app.post(
    '/media/start-training',
    {
      config: { rateLimit: writeLimit },
      schema: {
        summary: 'Create a model in training from 5-20 uploaded photos and queue its training',
        description:
          'An empty body (the older client) trains on every uploaded photo not yet in a model, named after the user. The job is processed by the engine layer; poll GET /user or /user/training-status.',
        ...API_ROUTES['POST /media/start-training'],
      },
    },
    async (request, reply) => {
      const { user } = request;
      const job = await app.training.start(user, request.body ?? {}, keyedRequest(request));
      const model = await presentOwnedModel(app, requestOrigin(request), user.id, job.modelId);
      return reply.code(202).send({
        modelId: model.modelId,
        jobId: job.id,
        status: 'training' as const,
        job: presentJob(job),
        model,
      });
    },
  );

  app.post(
    '/user/models/:modelId/retry',
    {
      config: { rateLimit: writeLimit },
      schema: {
        summary: 'Train a failed model again, in place, on the photos it has now',
        description:
          'The same rules as a new training: 5-20 photos, the model limit, one training at a time. The model keeps its name, trigger word and place; poll it as after POST /media/start-training.',
        ...API_ROUTES['POST /user/models/{modelId}/retry'],
      },
    },
    async (request, reply) => {
      const { user } = request;
      const job = await app.training.retry(user, request.params.modelId, keyedRequest(request));
      const model = await presentOwnedModel(
        app,
        requestOrigin(request),
        user.id,
        request.params.modelId,
      );
      return reply.code(202).send({
        modelId: model.modelId,
        jobId: job.id,
        status: 'training' as const,
        job: presentJob(job),
        model,
      });
    },
  );
};
