import { z } from 'zod';
import type { RouteContract } from './common';

export const healthSchema = z.object({ status: z.string(), database: z.string() });

export const healthRoutes = {
  /** No token needed. */
  'GET /health': { response: { 200: healthSchema, 503: healthSchema } },
} as const satisfies Record<string, RouteContract>;
