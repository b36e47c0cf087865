import { z } from 'zod';
import { safeText } from './safe-text';

/** Every error answer of the API: `{error, message}`, the message in the spec's wording. */
export const errorSchema = z
  .object({
    error: z.string().meta({ description: 'HTTP reason as an identifier, e.g. NotFound' }),
    message: z.string().meta({ description: "The text to show (the spec's wording)" }),
    requestId: z.string().optional(),
  })
  .meta({ id: 'Error' });
export type ApiErrorBody = z.infer<typeof errorSchema>;

/** Answers by HTTP status; the OpenAPI document and the serializer read the same map. */
export type ResponseSchemas = Record<number, z.ZodType>;

/**
 * One route of the API, framework-free: the request parts it validates and its answers by
 * status. The api spreads it into its route schema; the front ends read their types from it.
 */
export interface RouteContract {
  body?: z.ZodType;
  querystring?: z.ZodType;
  params?: z.ZodType;
  headers?: z.ZodType;
  response: ResponseSchemas;
}

/** Error answers of a public route (no token). */
export function withPublicErrors<T extends ResponseSchemas>(
  success: T,
  ...statuses: number[]
): T & ResponseSchemas {
  const errors = Object.fromEntries(statuses.map((status) => [status, errorSchema]));
  return { ...errors, ...success };
}

/** Error answers of a signed-in route: 401 and 429 always, plus the route's own. */
export function withErrors<T extends ResponseSchemas>(
  success: T,
  ...statuses: number[]
): T & ResponseSchemas {
  return withPublicErrors(success, 401, 429, ...statuses);
}

/** Ids reach the database: PostgreSQL text cannot hold a NUL (it would be a 500, not a 400). */
export const uuidParam = safeText(z.string().min(1).max(100));

export const idParams = z.object({ id: uuidParam });

/**
 * Job-creating and upload routes: a retry with the same key answers with what the first request
 * made; the key with another request (another route or body) is refused with 422.
 */
export const idempotencyHeaders = z.object({
  'idempotency-key': z.string().optional().meta({
    description:
      'A retry with the same key returns what the first request made instead of making it again; the same key with another request answers 422',
  }),
});

/** A provider's webhook (Stripe, Replicate) took the event. */
export const webhookReceivedSchema = z.object({ received: z.literal(true) });
