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
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError, isRefusal, unsupportedMediaType } from '../http-errors';
import { keyedRequest } from '../jobs/idempotency';
import { decodeBase64Image } from '../media/base64';
import { processImage, type ProcessedImage } from '../media/pipeline';
import { presentMedia, requestOrigin } from '../presenters';
import { storedSize } from '../services/storage-quota';
import { incomingKey } from '../storage/keys';
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

/** Training photos arrive here: as base64 in the request, or at upload targets handed out. */
export const mediaUploadRoutes: FastifyPluginAsyncZod<{ writeLimit: RateLimitOptions }> = async (
  app,
  { writeLimit },
) => {
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
};
