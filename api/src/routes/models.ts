import { API_TEXT } from '@app/shared/spec';
import type { RateLimitOptions } from '@fastify/rate-limit';
import { API_ROUTES } from '@app/shared/contract/api-routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest, conflict, notFound } from '../http-errors';
import { presentModels, presentProfile, requestOrigin } from '../presenters';
import { pickDefaultModel, type ModelRow } from '../services/models';
import { modelPhotoRoutes } from './model-photos';
import { trainingRoutes } from './training';

/** The user's models: deleting one, their order, and the legacy single-model routes. */
export const modelRoutes: FastifyPluginAsyncZod<{ writeLimit: RateLimitOptions }> = async (
  app,
  { writeLimit },
) => {
  /** Spec §2: only a ready model can be deleted. */
  async function deleteFinishedModel(model: ModelRow | undefined) {
    if (!model) throw notFound(API_TEXT.modelNotFound);
    // A training reads the model's rows; a failed one is deleted as freely as a ready one.
    if (model.status !== 'ready' && model.status !== 'failed') {
      throw conflict(API_TEXT.onlyReadyModelDeletable);
    }
    await app.models.delete(model);
    return { modelId: model.id, deleted: true as const };
  }

  await app.register(trainingRoutes, { writeLimit });
  await app.register(modelPhotoRoutes, { writeLimit });

  app.delete(
    '/user/models/delete',
    {
      config: { rateLimit: writeLimit },
      schema: {
        summary: 'Delete a ready or failed model (its photos stay)',
        ...API_ROUTES['DELETE /user/models/delete'],
      },
    },
    async (request) =>
      deleteFinishedModel(await app.models.findOwned(request.user.id, request.query.modelId)),
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
      return { models: await presentModels(app, requestOrigin(request), request.user.id) };
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
      return deleteFinishedModel(pickDefaultModel(models, request.user.default_model_id));
    },
  );
};
