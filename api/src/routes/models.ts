import { API_TEXT, MAX_TRAINING_PHOTOS, tooManyPhotos } from '@app/shared/spec';
import type { RateLimitOptions } from '@fastify/rate-limit';
import { API_ROUTES } from '@app/shared/contract/api-routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest, conflict, notFound } from '../http-errors';
import { keyedRequest } from '../jobs/idempotency';
import { presentModel, presentProfile, requestOrigin } from '../presenters';
import { presentJob } from '../presenters';
import { pickDefaultModel, type ModelRow } from '../services/models';
import { checkTrainingPhotos, retryTraining, startTraining } from '../services/training';
import type { UserRow } from '../services/users';

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
      app.jobs.latestJobPerModel(user.id, 'train'),
    ]);
    return Promise.all(models.map((model) => presentModel(app, origin, model, jobs.get(model.id))));
  }

  /** A model's photos change only while no training reads them. */
  async function modelOpenToPhotos(user: UserRow, modelId: string): Promise<ModelRow> {
    const model = await app.models.findOwned(user.id, modelId);
    if (!model) throw notFound(API_TEXT.modelNotFound);
    if (model.status === 'training') throw conflict(API_TEXT.modelPhotosLocked);
    return model;
  }

  async function presentOwned(user: UserRow, origin: string, modelId: string) {
    const model = (await modelsOf(user, origin)).find((item) => item.modelId === modelId);
    if (!model) throw notFound(API_TEXT.modelNotFound);
    return model;
  }

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
      const job = await startTraining(app, request.user, request.body ?? {}, keyedRequest(request));
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
      const job = await retryTraining(app, user, request.params.modelId, keyedRequest(request));
      const model = await presentOwned(user, requestOrigin(request), request.params.modelId);
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
        ...API_ROUTES['DELETE /user/models/delete'],
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
        ...API_ROUTES['PUT /user/models/reorder'],
      },
    },
    async (request) => {
      const result = await app.models.reorder(request.user.id, request.body.modelIds);
      if (result === 'unknown') throw notFound(API_TEXT.modelNotFound);
      if (result === 'incomplete') throw badRequest(API_TEXT.reorderMismatch);
      return { models: await modelsOf(request.user, requestOrigin(request)) };
    },
  );

  app.post(
    '/user/models/:modelId/photos',
    {
      config: { rateLimit: writeLimit },
      schema: {
        summary: "Add uploaded training photos to one of the user's models (at most 20 in all)",
        description:
          'Upload them first (POST /media/presigned-urls or /media/upload); photos the model has stay where they are, new ones go last. Not while the model trains (409).',
        ...API_ROUTES['POST /user/models/{modelId}/photos'],
      },
    },
    async (request) => {
      const { user } = request;
      const model = await modelOpenToPhotos(user, request.params.modelId);
      const photoIds = [...new Set(request.body.photoIds)];
      await app.media.finalizeUploads(user.id, photoIds);
      await checkTrainingPhotos(app, user, photoIds);
      const current = (await app.models.listWithPhotos(user.id)).find(
        (item) => item.id === model.id,
      );
      const total = new Set([...(current?.photoIds ?? []), ...photoIds]).size;
      if (total > MAX_TRAINING_PHOTOS) throw badRequest(tooManyPhotos(total));
      await app.models.addPhotos(model.id, photoIds);
      return presentOwned(user, requestOrigin(request), model.id);
    },
  );

  app.put(
    '/user/models/:modelId/photos/order',
    {
      config: { rateLimit: writeLimit },
      schema: {
        summary: "Set the order of a model's photos (each of them once); the first is its avatar",
        ...API_ROUTES['PUT /user/models/{modelId}/photos/order'],
      },
    },
    async (request) => {
      const { user } = request;
      const model = await modelOpenToPhotos(user, request.params.modelId);
      const result = await app.models.orderPhotos(model.id, request.body.photoIds);
      if (result === 'incomplete') throw badRequest(API_TEXT.photoOrderMismatch);
      return presentOwned(user, requestOrigin(request), model.id);
    },
  );

  app.put(
    '/user/model',
    {
      config: { rateLimit: writeLimit },
      schema: {
        summary:
          'Legacy single model: choose which ready model is `modelId` (used by POST /generate)',
        ...API_ROUTES['PUT /user/model'],
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
        ...API_ROUTES['DELETE /user/model'],
      },
    },
    async (request) => {
      const models = await app.models.listWithPhotos(request.user.id);
      return deleteReadyModel(pickDefaultModel(models, request.user.default_model_id));
    },
  );
};
