import { API_TEXT } from '@app/shared/spec';
import type { RateLimitOptions } from '@fastify/rate-limit';
import { API_ROUTES } from '@app/shared/contract/api-routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest, conflict, notFound } from '../http-errors';
import {
  presentMedia,
  presentTrainingPhoto,
  requestOrigin,
  signedUrl,
  SIGNED_URL_TTL_SECONDS,
} from '../presenters';
import { decodeCursor, type MediaRow } from '../services/media';
import { mediaKeys } from '../storage/keys';
import { hdVersionRoutes } from './hd-version';
import { mediaUploadRoutes } from './media-uploads';

export const mediaRoutes: FastifyPluginAsyncZod<{ writeLimit: RateLimitOptions }> = async (
  app,
  { writeLimit },
) => {
  /** A training engine may be reading the photos of a model in training: they stay until it ends. */
  async function deleteUnlessTraining(row: MediaRow) {
    const models = await app.models.listWithPhotos(row.user_id);
    if (models.some((model) => model.status === 'training' && model.photoIds.includes(row.id))) {
      throw conflict(API_TEXT.photoInTraining);
    }
    await app.media.delete(row);
    return { imageId: row.id, deleted: true as const };
  }

  await app.register(mediaUploadRoutes, { writeLimit });
  await app.register(hdVersionRoutes);

  app.get(
    '/media',
    {
      schema: {
        summary: "The user's images, newest first, by cursor",
        description:
          'Ready images unless `status` asks for others: an upload still on its way (pending, receiving) or refused (failed, with its failureReason) is not a media item. A refused upload stays readable at GET /media/{id} until it is removed, an hour after its target was handed out.',
        ...API_ROUTES['GET /media'],
      },
    },
    async (request) => {
      const { type, status, includeUrls, limit, cursor } = request.query;
      const after = cursor === undefined ? undefined : decodeCursor(cursor);
      if (cursor !== undefined && !after) throw badRequest(API_TEXT.invalidCursor);
      await app.media.finalizeUploads(request.user.id);
      const page = await app.media.list(request.user.id, { type, status, limit, after });
      const origin = requestOrigin(request);
      return {
        items: await Promise.all(
          page.items.map((row) => presentMedia(app.storage, origin, row, includeUrls)),
        ),
        hasMore: page.hasMore,
        nextCursor: page.nextCursor,
      };
    },
  );

  app.get(
    '/media/training-photos',
    {
      schema: {
        summary: "The user's training photos (uploaded and ready), oldest first",
        ...API_ROUTES['GET /media/training-photos'],
      },
    },
    async (request) => {
      const userId = request.user.id;
      await app.media.finalizeUploads(userId);
      const [photos, models] = await Promise.all([
        app.media.trainingPhotos(userId),
        app.models.listWithPhotos(userId),
      ]);
      const origin = requestOrigin(request);
      const { includeUrls } = request.query;
      return {
        items: await Promise.all(
          photos.map((photo) =>
            presentTrainingPhoto(app.storage, origin, photo, models, includeUrls),
          ),
        ),
      };
    },
  );

  app.delete(
    '/media/training-photos/:id',
    {
      config: { rateLimit: writeLimit },
      schema: {
        summary: 'Delete a training photo (not while a model trains on it)',
        ...API_ROUTES['DELETE /media/training-photos/{id}'],
      },
    },
    async (request) => {
      const row = await app.media.findOwned(request.user.id, request.params.id);
      if (!row || row.type !== 'training') throw notFound(API_TEXT.trainingPhotoNotFound);
      return deleteUnlessTraining(row);
    },
  );

  app.get(
    '/media/:id',
    {
      schema: {
        summary: 'One image with signed URLs',
        ...API_ROUTES['GET /media/{id}'],
      },
    },
    async (request) => {
      await app.media.finalizeUploads(request.user.id, [request.params.id]);
      const row = await app.media.findOwned(request.user.id, request.params.id);
      if (!row) throw notFound(API_TEXT.imageNotFound);
      return presentMedia(app.storage, requestOrigin(request), row, true);
    },
  );

  app.delete(
    '/media/:id',
    {
      config: { rateLimit: writeLimit },
      schema: {
        summary: 'Delete an image and its files',
        ...API_ROUTES['DELETE /media/{id}'],
      },
    },
    async (request) => {
      const row = await app.media.findOwned(request.user.id, request.params.id);
      if (!row) throw notFound(API_TEXT.imageNotFound);
      return deleteUnlessTraining(row);
    },
  );

  app.get(
    '/image/:imageId',
    {
      schema: {
        summary: 'A signed, expiring URL of the full-size image for display and download',
        ...API_ROUTES['GET /image/{imageId}'],
      },
    },
    async (request) => {
      await app.media.finalizeUploads(request.user.id, [request.params.imageId]);
      const row = await app.media.findOwned(request.user.id, request.params.imageId);
      if (!row || row.status !== 'ready') throw notFound(API_TEXT.imageNotFound);
      const keys = mediaKeys(row.user_id, row.id);
      const origin = requestOrigin(request);
      return {
        url: await signedUrl(app.storage, origin, keys.web),
        downloadUrl: await signedUrl(app.storage, origin, keys.original, row.filename),
        expiresAt: new Date(Date.now() + SIGNED_URL_TTL_SECONDS * 1000).toISOString(),
      };
    },
  );
};
