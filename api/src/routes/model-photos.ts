import { API_ROUTES } from '@app/shared/contract/api-routes';
import { API_TEXT, MAX_TRAINING_PHOTOS, tooManyPhotos } from '@app/shared/spec';
import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { engineOf } from '../db/model-engine';
import { capabilitiesOf } from '../engines/capabilities';
import { badRequest, conflict, notFound, serviceUnavailable } from '../http-errors';
import { presentOwnedModel, requestOrigin } from '../presenters';
import type { ModelRow } from '../services/models';
import { photosStillThere } from '../services/training';
import type { UserRow } from '../services/users';

/** A model's training photos: adding uploaded ones, their order, and deleting them once trained. */
export const modelPhotoRoutes: FastifyPluginAsyncZod<{ writeLimit: RateLimitOptions }> = async (
  app,
  { writeLimit },
) => {
  /** A model's photos change only while no training reads them. */
  async function modelOpenToPhotos(user: UserRow, modelId: string): Promise<ModelRow> {
    const model = await app.models.findOwned(user.id, modelId);
    if (!model) throw notFound(API_TEXT.modelNotFound);
    if (model.status === 'training') throw conflict(API_TEXT.modelPhotosLocked);
    return model;
  }

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
      await app.training.checkPhotos(user, photoIds);
      const current = (await app.models.listWithPhotos(user.id)).find(
        (item) => item.id === model.id,
      );
      const total = new Set([...(current?.photoIds ?? []), ...photoIds]).size;
      if (total > MAX_TRAINING_PHOTOS) throw badRequest(tooManyPhotos(total));
      await photosStillThere(app.models.addPhotos(model.id, photoIds));
      return presentOwnedModel(app, requestOrigin(request), user.id, model.id);
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
      return presentOwnedModel(app, requestOrigin(request), user.id, model.id);
    },
  );

  app.delete(
    '/user/models/:modelId/photos',
    {
      config: { rateLimit: writeLimit },
      schema: {
        summary: "Delete a ready model's training photos, where its engine no longer needs them",
        description:
          "The photos, their files and the copy uploaded to the image provider for training go; photos another of the user's models uses stay with it. A model whose engine generates from its photos (capabilities.needsTrainingPhotos) is refused with 409; a provider that cannot be reached with 503, nothing deleted.",
        ...API_ROUTES['DELETE /user/models/{modelId}/photos'],
      },
    },
    async (request) => {
      const { user } = request;
      const model = await app.models.findOwned(user.id, request.params.modelId);
      if (!model) throw notFound(API_TEXT.modelNotFound);
      if (model.status !== 'ready') throw conflict(API_TEXT.onlyReadyModelPhotosDeletable);
      if (capabilitiesOf(engineOf(model)).needsTrainingPhotos) {
        throw conflict(API_TEXT.engineNeedsPhotos);
      }
      const result = await app.models.deleteTrainingPhotos(model);
      if (result === 'provider-unavailable') {
        throw serviceUnavailable(API_TEXT.providerUnavailable, 30);
      }
      return presentOwnedModel(app, requestOrigin(request), user.id, model.id);
    },
  );
};
