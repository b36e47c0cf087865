import { API_ROUTES } from '@app/shared/contract/api-routes';
import {
  API_TEXT,
  MAX_PROFILE_PICTURE_BYTES,
  PROFILE_PICTURE_MIME_TYPES,
  PROFILE_TEXT,
} from '@app/shared/spec';
import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound, unsupportedMediaType } from '../http-errors';
import { base64Length, decodeBase64Image } from '../media/base64';
import { processImage } from '../media/pipeline';
import { presentProfile, presentTrainingStatus, requestOrigin, signedUrl } from '../presenters';

export const userRoutes: FastifyPluginAsyncZod<{ writeLimit: RateLimitOptions }> = async (
  app,
  { writeLimit },
) => {
  app.get(
    '/user',
    {
      schema: {
        summary: 'The signed-in user (spec §7)',
        ...API_ROUTES['GET /user'],
      },
    },
    async (request) => presentProfile(app, requestOrigin(request), request.user),
  );

  app.put(
    '/user',
    {
      config: { rateLimit: writeLimit },
      schema: {
        summary:
          'Update the profile: `name` and `settings` are writable (e-mail belongs to the identity service)',
        ...API_ROUTES['PUT /user'],
      },
    },
    async (request) => {
      const { name, settings } = request.body;
      const emailWhenModelReady = settings?.emailWhenModelReady;
      if (name !== undefined || emailWhenModelReady !== undefined) {
        await app.users.update(request.user.id, {
          ...(name !== undefined ? { name } : {}),
          ...(emailWhenModelReady !== undefined
            ? { training_mail: emailWhenModelReady ? 1 : 0 }
            : {}),
        });
      }
      const user = (await app.users.findById(request.user.id)) ?? request.user;
      return presentProfile(app, requestOrigin(request), user);
    },
  );

  app.get(
    '/user/training-status',
    {
      schema: {
        summary: 'Training progress of every model (polled every 30 s while one trains)',
        ...API_ROUTES['GET /user/training-status'],
      },
    },
    async (request) => presentTrainingStatus(app, requestOrigin(request), request.user.id),
  );

  app.post(
    '/user/profile-picture',
    {
      bodyLimit: base64Length(MAX_PROFILE_PICTURE_BYTES),
      config: { rateLimit: writeLimit, tooLargeMessage: PROFILE_TEXT.pictureTooLarge },
      schema: {
        summary: 'Replace the profile picture (JPEG/PNG/WebP, at most 5 MB)',
        ...API_ROUTES['POST /user/profile-picture'],
      },
    },
    async (request) => {
      const declared = request.body.contentType.toLowerCase();
      if (!(PROFILE_PICTURE_MIME_TYPES as readonly string[]).includes(declared)) {
        throw unsupportedMediaType(PROFILE_TEXT.unsupportedPictureFormat);
      }
      const image = await processImage(decodeBase64Image(request.body.imageBase64), {
        maxBytes: MAX_PROFILE_PICTURE_BYTES,
        tooLargeMessage: PROFILE_TEXT.pictureTooLarge,
        allowedTypes: ['jpeg', 'png', 'webp'],
        typeMessage: PROFILE_TEXT.unsupportedPictureFormat,
      });
      const user = request.user;
      const bytes = image.thumbnail.data.length;
      await app.storageQuota.assertRoom(user.id, bytes, user.profile_picture_bytes);
      // A new key per picture: a cached URL of the old one can never show the new one.
      const prefix = `users/${user.id}/profile/${Date.now().toString(36)}/`;
      await app.storage.put(`${prefix}picture`, image.thumbnail.data, image.thumbnail.contentType);
      await app.users.update(user.id, {
        profile_picture_key: `${prefix}picture`,
        profile_picture_bytes: bytes,
      });
      if (user.profile_picture_key) {
        await app.storage.deletePrefix(user.profile_picture_key.replace(/picture$/, ''));
      }
      return {
        profilePictureUrl: await signedUrl(app.storage, requestOrigin(request), `${prefix}picture`),
      };
    },
  );

  app.delete(
    '/user/profile-picture',
    {
      config: { rateLimit: writeLimit },
      schema: {
        summary: 'Remove the profile picture',
        ...API_ROUTES['DELETE /user/profile-picture'],
      },
    },
    async (request) => {
      const key = request.user.profile_picture_key;
      if (!key) throw notFound(API_TEXT.imageNotFound);
      await app.users.update(request.user.id, {
        profile_picture_key: null,
        profile_picture_bytes: 0,
      });
      await app.storage.deletePrefix(key.replace(/picture$/, ''));
      return { profilePicture: null };
    },
  );

  app.post(
    '/user/deletion',
    {
      config: { rateLimit: writeLimit },
      schema: {
        summary:
          'Delete the account and everything of it (a durable job); its tokens are refused at once',
        ...API_ROUTES['POST /user/deletion'],
      },
    },
    async (request, reply) => {
      reply.code(202);
      return app.accountDeletion.request(request.user);
    },
  );
};
