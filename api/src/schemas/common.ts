import { z } from 'zod';
import { safeText } from '../validation-message';

export const errorSchema = z
  .object({
    error: z.string().meta({ description: 'HTTP reason as an identifier, e.g. NotFound' }),
    message: z.string().meta({ description: "The text to show (the spec's wording)" }),
    requestId: z.string().optional(),
  })
  .meta({ id: 'Error' });

/** The error statuses a route can answer with, for the OpenAPI document and the serializer. */
export function withErrors<T extends Record<number, z.ZodType>>(
  success: T,
  ...statuses: number[]
): T & Record<number, z.ZodType> {
  const errors = Object.fromEntries([401, 429, ...statuses].map((status) => [status, errorSchema]));
  return { ...errors, ...success };
}

/** Ids reach the database: PostgreSQL text cannot hold a NUL (it would be a 500, not a 400). */
export const uuidParam = safeText(z.string().min(1).max(100));

export const idParams = z.object({ id: uuidParam });

/** Job-creating routes: a retry with the same key answers with the first job. */
export const idempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .optional()
    .meta({ description: 'A retry with the same key returns the first job instead of a new one' }),
});
