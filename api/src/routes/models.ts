import { API_TEXT } from '@app/shared/spec';
import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, conflict, notFound } from '../http-errors';
import { idempotencyKey } from '../jobs/idempotency';
import { presentModel, presentProfile, requestOrigin } from '../presenters';
import { idempotencyHeaders, uuidParam, withErrors } from '../schemas/common';
import { jobSchema, presentJob } from '../schemas/jobs';
import { modelSchema, userProfileSchema } from '../schemas/user';
import { pickDefaultModel, type ModelRow } from '../services/models';
import { startTraining } from '../services/training';
import type { UserRow } from '../services/users';
import { safeText } from '../validation-message';

const deletedModelSchema = z.object({ modelId: z.string(), deleted: z.literal(true) });

export const modelRoutes: FastifyPluginAsyncZod<{ writeLimit: RateLimitOptions }> = async (
  app,
  { writeLimit },
) => {
  /** Spec §2: only a ready model can be deleted. */
  async function deleteReadyModel(model: ModelRow | undefined) {
    if (!model) throw notFound(API_TEXT.modelNotFound);
    if (model.status !== 'ready') throw conflict(API_TEXT.onlyReadyModelDeletable);
    await app.models.delete(model);
    return { modelId: model.id, deleted: true as const };
  }

  async function modelsOf(user: UserRow, origin: string) {
    const [models, jobs] = await Promise.all([
      app.models.listWithPhotos(user.id),
      app.jobs.latestTrainingJobs(user.id),
    ]);
    return Promise.all(models.map((model) => presentModel(app, origin, model, jobs.get(model.id))));
  }

  app.post(
    '/media/start-training',
    {
      config: { rateLimit: writeLimit },
      schema: {
        summary: 'Create a model in training from 5-20 uploaded photos and queue its training',
        description:
          'An empty body (the older client) trains on every uploaded photo not yet in a model, named after the user. The job is processed by the engine layer; poll GET /user or /user/training-status.',
        headers: idempotencyHeaders,
        body: z
          .object({
            modelName: safeText(z.string().max(200)).optional(),
            triggerWord: safeText(z.string().max(200)).optional(),
            photoIds: z.array(uuidParam).max(100).optional(),
          })
          // No body at all reaches the schema as null.
          .nullish(),
        response: withErrors(
          {
            202: z.object({
              modelId: z.string(),
              jobId: z.string(),
              status: z.literal('training'),
              job: jobSchema,
              model: modelSchema,
            }),
          },
          400,
          403,
          404,
          409,
        ),
      },
    },
    async (request, reply) => {
      const job = await startTraining(
        app,
        request.user,
        request.body ?? {},
        idempotencyKey(request),
      );
      const origin = requestOrigin(request);
      const model = (await modelsOf(request.user, origin)).find(
        (item) => item.modelId === job.modelId,
      );
      if (!model) throw notFound(API_TEXT.modelNotFound);
      return reply.code(202).send({
        modelId: model.modelId,
        jobId: job.id,
        status: 'training' as const,
        job: presentJob(job),
        model,
      });
    },
  );

  app.delete(
    '/user/models/delete',
    {
      config: { rateLimit: writeLimit },
      schema: {
        summary: 'Delete a ready model (its photos stay)',
        querystring: z.object({ modelId: uuidParam }),
        response: withErrors({ 200: deletedModelSchema }, 400, 404, 409),
      },
    },
    async (request) =>
      deleteReadyModel(await app.models.findOwned(request.user.id, request.query.modelId)),
  );

  app.put(
    '/user/models/reorder',
    {
      config: { rateLimit: writeLimit },
      schema: {
        summary: "Set the order of the user's models (every model once)",
        body: z.object({ modelIds: z.array(uuidParam).max(1000) }),
        response: withErrors({ 200: z.object({ models: z.array(modelSchema) }) }, 400, 404),
      },
    },
    async (request) => {
      const result = await app.models.reorder(request.user.id, request.body.modelIds);
      if (result === 'unknown') throw notFound(API_TEXT.modelNotFound);
      if (result === 'incomplete') throw badRequest(API_TEXT.reorderMismatch);
      return { models: await modelsOf(request.user, requestOrigin(request)) };
    },
  );

  app.put(
    '/user/model',
    {
      config: { rateLimit: writeLimit },
      schema: {
        summary:
          'Legacy single model: choose which ready model is `modelId` (used by POST /generate)',
        body: z.object({ modelId: uuidParam }),
        response: withErrors({ 200: userProfileSchema }, 400, 404),
      },
    },
    async (request) => {
      const model = await app.models.findOwned(request.user.id, request.body.modelId);
      if (!model) throw notFound(API_TEXT.modelNotFound);
      if (model.status !== 'ready') throw badRequest(API_TEXT.modelNotReady);
      await app.users.update(request.user.id, { default_model_id: model.id });
      const user = { ...request.user, default_model_id: model.id };
      return presentProfile(app, requestOrigin(request), user);
    },
  );

  app.delete(
    '/user/model',
    {
      config: { rateLimit: writeLimit },
      schema: {
        summary: 'Legacy single model: delete the model that GET /user names as `modelId`',
        response: withErrors({ 200: deletedModelSchema }, 404, 409),
      },
    },
    async (request) => {
      const models = await app.models.listWithPhotos(request.user.id);
      return deleteReadyModel(pickDefaultModel(models, request.user.default_model_id));
    },
  );
};
