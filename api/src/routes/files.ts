import { Readable } from 'node:stream';
import { API_TEXT, FILE_TEXT, GENERAL_IMAGE_MIME_TYPES, MAX_UPLOAD_BYTES } from '@app/shared/spec';
import type { RateLimitOptions } from '@fastify/rate-limit';
import { API_ROUTES } from '@app/shared/contract/api-routes';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { conflict, isRefusal, notFound, payloadTooLarge } from '../http-errors';
import { processImageFile } from '../media/pipeline';
import { API_PREFIX } from '../paths';
import { presentMedia, requestOrigin } from '../presenters';
import { attachmentHeader } from '../storage/content-disposition';
import { isValidKey } from '../storage/keys';
import { FILES_PATH } from '../storage/local-storage';
import { sign, verifySignature } from '../storage/url-signature';

const UPLOADS_PATH = `${API_PREFIX}/uploads/`;
export const UPLOAD_URL_TTL_SECONDS = 15 * 60;

/** The presigned PUT target of one pending upload (spec §7 /media/presigned-urls). */
export function uploadUrl(secret: string, origin: string, mediaId: string): string {
  const path = `${UPLOADS_PATH}${mediaId}`;
  const expires = Math.floor(Date.now() / 1000) + UPLOAD_URL_TTL_SECONDS;
  const query = new URLSearchParams({
    expires: String(expires),
    signature: sign(secret, 'PUT', path, expires),
  });
  return `${origin}${path}?${query}`;
}

/**
 * Public routes: the signature in the URL is the permission (an <img> cannot send a bearer
 * token). It covers method, path and expiry, so it cannot be moved to another file or reused to
 * upload, and it is checked before anything is looked up.
 */
export const fileRoutes: FastifyPluginAsyncZod<{ writeLimit: RateLimitOptions }> = async (
  app,
  { writeLimit },
) => {
  app.get(
    `${FILES_PATH.slice(API_PREFIX.length)}*`,
    {
      schema: {
        summary: 'A stored image through a signed, expiring URL (no token)',
        security: [],
        description:
          'The image bytes; 404 for a bad or expired signature as for a file that is gone, so a link reveals nothing beyond what it was signed for.',
        ...API_ROUTES['GET /files/{*}'],
      },
    },
    async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      const { expires, signature, download } = request.query;
      const path = `${FILES_PATH}${key}`;
      if (!verifySignature(app.urlSigningSecret, 'GET', path, expires, signature)) {
        throw notFound(API_TEXT.linkInvalid);
      }
      const file = isValidKey(key) ? await app.storage.read(key) : undefined;
      if (!file) throw notFound(API_TEXT.linkInvalid);
      const secondsLeft = Math.max(0, expires - Math.floor(Date.now() / 1000));
      reply
        .type(file.contentType)
        .header('content-length', file.size)
        .header('cache-control', `private, max-age=${Math.min(secondsLeft, 3600)}`);
      if (download) reply.header('content-disposition', attachmentHeader(download));
      return reply.send(file.stream);
    },
  );

  await app.register(async (context) => {
    const uploads = context.withTypeProvider<ZodTypeProvider>();
    // Raw image bytes whatever the declared type (even a wrong one): the magic bytes decide.
    // The body stays an unread stream: the handler checks the URL first, then writes it to disk.
    uploads.removeAllContentTypeParsers();
    uploads.addContentTypeParser('*', (_request, body, done) => done(null, body));
    uploads.put(
      `${UPLOADS_PATH.slice(API_PREFIX.length)}:id`,
      {
        // No user here: counted per client address.
        config: { rateLimit: writeLimit, tooLargeMessage: FILE_TEXT.tooLarge },
        schema: {
          summary: 'Presigned upload target: PUT the file bytes with its content type (no token)',
          description: `Allowed: ${GENERAL_IMAGE_MIME_TYPES.join(', ')}; at most ${MAX_UPLOAD_BYTES} bytes. One upload per URL.`,
          security: [],
          ...API_ROUTES['PUT /uploads/{id}'],
        },
      },
      async (request) => {
        const { id } = request.params;
        const { expires, signature } = request.query;
        if (
          !verifySignature(app.urlSigningSecret, 'PUT', `${UPLOADS_PATH}${id}`, expires, signature)
        ) {
          throw notFound(API_TEXT.linkInvalid);
        }
        // Missing: the image was deleted after its URL was handed out.
        const row = await app.media.findForUpload(id);
        if (!row) throw notFound(API_TEXT.linkInvalid);
        if (!(await app.media.claimPending(id, { retryRefused: true }))) {
          throw conflict(API_TEXT.uploadAlreadyReceived);
        }
        try {
          if (Number(request.headers['content-length']) > MAX_UPLOAD_BYTES) {
            throw payloadTooLarge(FILE_TEXT.tooLarge);
          }
          // Fastify hands over no stream for a body it knows is empty.
          const body = request.body instanceof Readable ? request.body : Readable.from([]);
          const file = await app.tempFiles.receive(body, {
            maxBytes: MAX_UPLOAD_BYTES,
            tooLargeMessage: FILE_TEXT.tooLarge,
          });
          try {
            const image = await processImageFile(file.path, file.size, {
              maxBytes: MAX_UPLOAD_BYTES,
              tooLargeMessage: FILE_TEXT.tooLarge,
              allowedTypes: ['jpeg', 'png', 'webp', 'heic'],
              typeMessage: FILE_TEXT.generalTypeNotAllowed,
            });
            const stored = await app.media.completePending(row, image);
            return await presentMedia(app.storage, requestOrigin(request), stored, true);
          } finally {
            await file.dispose();
          }
        } catch (error) {
          // Either way the target stays usable for a retry until it expires.
          if (isRefusal(error)) {
            await app.media.refuseUpload(id, error.message);
          } else {
            // Cut short (stalled, hung up), not stored, or the pipeline busy: never judged.
            await app.media.releaseClaim(id);
          }
          throw error;
        }
      },
    );
  });
};
