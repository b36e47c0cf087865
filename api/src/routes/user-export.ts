import { API_ROUTES } from '@app/shared/contract/api-routes';
import { userExportFileName } from '@app/shared/contract/user-export';
import { API_TEXT, DATA_EXPORTS_PER_HOUR } from '@app/shared/spec';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../http-errors';
import { API_PREFIX } from '../paths';
import { requestOrigin } from '../presenters';
import { streamUserExport } from '../services/user-export';
import type { UserRow } from '../services/users';
import { attachmentHeader } from '../storage/content-disposition';
import { sign, verifySignature } from '../storage/url-signature';

const EXPORTS_PATH = `${API_PREFIX}/exports/`;
/** The browser opens the link at once; a short life keeps a leaked link from being much use. */
const LINK_TTL_SECONDS = 5 * 60;
const exportLimit = { max: DATA_EXPORTS_PER_HOUR, timeWindow: '1 hour' };
const ZIP_DESCRIPTION =
  'A zip of stored entries, written while it is read: data.json (UserExport), training-photos/, generated-images/ and the profile picture.';

function sendExport(app: FastifyInstance, reply: FastifyReply, user: UserRow) {
  const now = new Date();
  return reply
    .type('application/zip')
    .header('content-disposition', attachmentHeader(userExportFileName(now)))
    .header('cache-control', 'no-store')
    .send(streamUserExport({ db: app.db, storage: app.storage, log: reply.log }, user, now));
}

/** "Download my data": the zip for a token, and a short-lived link the browser can open. */
export const userExportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user/export',
    {
      exposeHeadRoute: false,
      config: { rateLimit: exportLimit },
      schema: {
        summary: "Everything of the signed-in user as a zip (an attachment named by today's date)",
        description: ZIP_DESCRIPTION,
        ...API_ROUTES['GET /user/export'],
      },
    },
    async (request, reply) => sendExport(app, reply, request.user),
  );

  app.post(
    '/user/export/link',
    {
      config: { rateLimit: exportLimit },
      schema: {
        summary:
          'A signed link to the zip of GET /user/export, for a browser to open without a token',
        ...API_ROUTES['POST /user/export/link'],
      },
    },
    async (request) => {
      const path = `${EXPORTS_PATH}${request.user.id}`;
      const expires = Math.floor(Date.now() / 1000) + LINK_TTL_SECONDS;
      const query = new URLSearchParams({
        expires: String(expires),
        signature: sign(app.urlSigningSecret, 'GET', path, expires),
      });
      return {
        url: `${requestOrigin(request)}${path}?${query}`,
        expiresAt: new Date(expires * 1000).toISOString(),
      };
    },
  );
};

/**
 * The signed link's target: the signature is the permission, checked before anything is read.
 * A link opens the zip as often as the token route does: the same hourly limit, per account.
 */
export const userExportPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `${EXPORTS_PATH.slice(API_PREFIX.length)}:id`,
    {
      exposeHeadRoute: false,
      config: {
        rateLimit: { ...exportLimit, keyGenerator: (request) => `user:${linkOwner(request)}` },
      },
      // Runs before the rate limit's own preHandler, which the plugin appends: a forged link is
      // refused without using up its account's turns.
      preHandler: async (request) => {
        const { expires, signature } = request.query;
        const path = `${EXPORTS_PATH}${request.params.id}`;
        if (!verifySignature(app.urlSigningSecret, 'GET', path, expires, signature)) {
          throw notFound(API_TEXT.linkInvalid);
        }
      },
      schema: {
        summary: 'The zip of GET /user/export through a signed, expiring link (no token)',
        description: `${ZIP_DESCRIPTION} 404 for a bad or expired signature, or an account being deleted; 429 past ${DATA_EXPORTS_PER_HOUR} downloads an hour.`,
        security: [],
        ...API_ROUTES['GET /exports/{id}'],
      },
    },
    async (request, reply) => {
      const user = await app.users.findById(request.params.id);
      if (!user || user.deletion_requested_at !== null) throw notFound(API_TEXT.linkInvalid);
      return sendExport(app, reply, user);
    },
  );
};

/** The account a (verified) export link is for. */
const linkOwner = (request: FastifyRequest) => (request.params as { id: string }).id;
