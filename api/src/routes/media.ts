import {
  API_TEXT,
  FILE_TEXT,
  GENERAL_IMAGE_MIME_TYPES,
  MAX_BASE64_UPLOAD_REQUEST_BYTES,
  MAX_UPLOAD_BYTES,
  fileError,
} from '@app/shared/spec';
import type { RateLimitOptions } from '@fastify/rate-limit';
import { API_ROUTES } from '@app/shared/contract/api-routes';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  badRequest,
  conflict,
  HttpError,
  isRefusal,
  notFound,
  unsupportedMediaType,
} from '../http-errors';
import { decodeBase64Image } from '../media/base64';
import { processImage, type ProcessedImage } from '../media/pipeline';
import {
  photoCheckOf,
  presentMedia,
  requestOrigin,
  signedPhotoUrls,
  signedUrl,
  SIGNED_URL_TTL_SECONDS,
} from '../presenters';
import { keyedRequest } from '../jobs/idempotency';
import { decodeCursor, type MediaRow } from '../services/media';
import { storedSize } from '../services/storage-quota';
import { incomingKey, mediaKeys } from '../storage/keys';
import { UPLOAD_URL_TTL_SECONDS, uploadUrl } from './files';

function isGeneralImageType(contentType: string): boolean {
  return (GENERAL_IMAGE_MIME_TYPES as readonly string[]).includes(contentType.toLowerCase());
}

/** A batch is refused as a whole, naming the file the way the browser does ('File 2: ...'). */
async function processBatch(
  files: { data: string; contentType?: string }[],
): Promise<ProcessedImage[]> {
  const images: ProcessedImage[] = [];
  for (const [index, file] of files.entries()) {
    try {
      if (file.contentType !== undefined && !isGeneralImageType(file.contentType)) {
        throw unsupportedMediaType(FILE_TEXT.generalTypeNotAllowed);
      }
      images.push(
        await processImage(decodeBase64Image(file.data), {
          maxBytes: MAX_UPLOAD_BYTES,
          tooLargeMessage: FILE_TEXT.tooLarge,
          allowedTypes: ['jpeg', 'png', 'webp', 'heic'],
          typeMessage: FILE_TEXT.generalTypeNotAllowed,
        }),
      );
    } catch (error) {
      if (!isRefusal(error) || files.length === 1) throw error;
      throw new HttpError(error.statusCode, fileError(index + 1, error.message));
    }
  }
  return images;
}

export const mediaRoutes: FastifyPluginAsyncZod<{ writeLimit: RateLimitOptions }> = async (
  app,
  { writeLimit },
) => {
  /**
   * The reads kept in the answer cache (answer-cache.ts): without direct uploads there is
   * nothing to finish first, so a kept answer goes out before validation (`keptFirst`) and any
   * other in the tick the request arrives (`afterUploads`).
   */
  const keptFirst = app.media.hasDirectUploads ? [] : [app.answers.sendKept];
  type Sent = FastifyReply | Promise<FastifyReply>;
  const afterUploads = (userId: string, answer: () => Sent): Sent =>
    app.media.hasDirectUploads ? app.media.finalizeUploads(userId).then(answer) : answer();

  /** A training engine may be reading the photos of a model in training: they stay until it ends. */
  async function deleteUnlessTraining(row: MediaRow) {
    const models = await app.models.listWithPhotos(row.user_id);
    if (models.some((model) => model.status === 'training' && model.photoIds.includes(row.id))) {
      throw conflict(API_TEXT.photoInTraining);
    }
    await app.media.delete(row);
    return { imageId: row.id, deleted: true as const };
  }

  app.post(
    '/media/upload',
    {
      // Base64 inside JSON cannot be streamed: the parser needs the whole text, and the text,
      // its parsed strings and the decoded files are all in memory at once. Bounded by this
      // limit; clients with many or large photos use /media/presigned-urls instead.
      bodyLimit: MAX_BASE64_UPLOAD_REQUEST_BYTES,
      config: { rateLimit: writeLimit, tooLargeMessage: API_TEXT.base64UploadTooLarge },
      schema: {
        summary: 'Upload training photos as base64 (a batch, or one file per request)',
        description: `Each file: JPEG, PNG, WebP or HEIC by its bytes, at most ${MAX_UPLOAD_BYTES} bytes; the whole request at most ${MAX_BASE64_UPLOAD_REQUEST_BYTES} bytes (413 beyond). HEIC is stored as JPEG; every stored image is oriented and stripped of metadata. Prefer /media/presigned-urls for large batches.`,
        ...API_ROUTES['POST /media/upload'],
      },
    },
    async (request) => {
      const body = request.body;
      const files =
        'photos' in body
          ? body.photos.map((photo) => ({ ...photo, data: photo.imageBase64 }))
          : [
              {
                filename: body.filename,
                contentType: body.contentType,
                caption: '',
                data: body.content,
              },
            ];
      const userId = request.user.id;
      const rows = await app.uploadRequests.once(userId, keyedRequest(request), async () => {
        const images = await processBatch(files);
        // The batch as a whole: none of it is stored when all of it does not fit.
        await app.storageQuota.assertRoom(
          userId,
          images.reduce((sum, image) => sum + storedSize(image), 0),
        );
        const created = [];
        for (const [index, image] of images.entries()) {
          const file = files[index];
          created.push(
            await app.media.create(userId, image, {
              type: 'training',
              filename: file?.filename ?? 'photo',
              caption: file?.caption ?? '',
            }),
          );
        }
        return created;
      });
      const origin = requestOrigin(request);
      return {
        items: await Promise.all(rows.map((row) => presentMedia(app.storage, origin, row, true))),
      };
    },
  );

  app.post(
    '/media/presigned-urls',
    {
      config: { rateLimit: writeLimit },
      schema: {
        summary:
          'Upload targets for training photos; PUT each file to its URL with its content type',
        description:
          'URLs expire after 15 minutes. With S3 storage they are S3 presigned PUTs bound to the declared content type, and each photo is checked (and refused with a reason, status failed) when it is next used; otherwise they accept one upload each at PUT /api/uploads/{id}.',
        ...API_ROUTES['POST /media/presigned-urls'],
      },
    },
    async (request) => {
      const { files } = request.body;
      const refused = files.findIndex((file) => !isGeneralImageType(file.contentType));
      if (refused >= 0) {
        const message = FILE_TEXT.generalTypeNotAllowed;
        throw unsupportedMediaType(files.length > 1 ? fileError(refused + 1, message) : message);
      }
      const rows = await app.uploadRequests.once(request.user.id, keyedRequest(request), () =>
        app.media.createPending(request.user.id, files),
      );
      const origin = requestOrigin(request);
      const { storage } = app;
      return Promise.all(
        rows.map(async (row) => ({
          // Straight into the bucket when storage takes direct uploads; checked when next used.
          presignedUrl: storage.presignedPut
            ? await storage.presignedPut(
                incomingKey(row.user_id, row.id),
                row.content_type,
                UPLOAD_URL_TTL_SECONDS,
              )
            : uploadUrl(app.urlSigningSecret, origin, row.id),
          imageId: row.id,
        })),
      );
    },
  );

  app.get(
    '/media',
    {
      // Its answers compress themselves (answer-cache.ts): no compression hooks per answer.
      compress: false,
      onRequest: keptFirst,
      schema: {
        summary: "The user's images, newest first, by cursor",
        description:
          'Ready images unless `status` asks for others: an upload still on its way (pending, receiving) or refused (failed, with its failureReason) is not a media item. A refused upload stays readable at GET /media/{id} until it is removed, an hour after its target was handed out.',
        ...API_ROUTES['GET /media'],
      },
    },
    (request, reply) => {
      const { type, status, includeUrls, limit, cursor } = request.query;
      const after = cursor === undefined ? undefined : decodeCursor(cursor);
      if (cursor !== undefined && !after) throw badRequest(API_TEXT.invalidCursor);
      const answer = () =>
        app.answers.send(request, reply, async (origin) => {
          const page = await app.media.list(request.user.id, { type, status, limit, after });
          return {
            items: await Promise.all(
              page.items.map((row) => presentMedia(app.storage, origin, row, includeUrls)),
            ),
            hasMore: page.hasMore,
            nextCursor: page.nextCursor,
          };
        });
      return afterUploads(request.user.id, answer);
    },
  );

  app.get(
    '/media/training-photos',
    {
      // Kept and compressed like the media pages (answer-cache.ts).
      compress: false,
      onRequest: keptFirst,
      schema: {
        summary: "The user's training photos (uploaded and ready), oldest first",
        ...API_ROUTES['GET /media/training-photos'],
      },
    },
    (request, reply) => {
      const answer = () =>
        app.answers.send(request, reply, async (origin) => {
          const [photos, models] = await Promise.all([
            app.media.trainingPhotos(request.user.id),
            app.models.listWithPhotos(request.user.id),
          ]);
          return {
            items: await Promise.all(
              photos.map(async (photo) => ({
                imageId: photo.id,
                filename: photo.filename,
                createdAt: photo.created_at,
                modelIds: models
                  .filter((model) => model.photoIds.includes(photo.id))
                  .map((model) => model.id),
                photoCheck: photoCheckOf(photo),
                width: photo.width,
                height: photo.height,
                ...(request.query.includeUrls
                  ? await signedPhotoUrls(app.storage, origin, photo)
                  : {}),
              })),
            ),
          };
        });
      return afterUploads(request.user.id, answer);
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
