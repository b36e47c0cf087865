import { z } from 'zod';
import { safeText } from './safe-text';
import { withPublicErrors, type RouteContract } from './common';
import { mediaItemSchema } from './media';

/** The signature in the URL is the permission: it covers method, path and expiry. */
export const signedUrlQuery = z.object({
  expires: z.coerce.number().int(),
  signature: z.string().max(100),
  download: z.string().max(255).optional(),
});

/** Public routes: signed, expiring URLs stand in for the token an <img> or a PUT cannot send. */
export const fileRoutes = {
  /** The image bytes. */
  'GET /files/{*}': { querystring: signedUrlQuery, response: withPublicErrors({}, 404) },
  'PUT /uploads/{id}': {
    params: z.object({ id: safeText(z.string().max(100)) }),
    querystring: signedUrlQuery,
    response: withPublicErrors({ 200: mediaItemSchema }, 400, 404, 409, 413, 415, 503),
  },
} as const satisfies Record<string, RouteContract>;
