import { z } from 'zod';
import { errorSchema, webhookReceivedSchema, type RouteContract } from './common';

/** Called by the providers (signature-verified), each registered only when it is configured. */
export const webhookRoutes = {
  'POST /billing/stripe/webhook': { response: { 200: webhookReceivedSchema, 400: errorSchema } },
  'POST /webhooks/replicate': {
    querystring: z.object({
      job: z.string().optional().describe('Our job id, set on the provider job we started'),
    }),
    response: { 200: webhookReceivedSchema, 400: errorSchema },
  },
  'POST /webhooks/cog': {
    querystring: z.object({
      job: z.string().optional().describe('Our job id, which is the Cog job id'),
      token: z.string().optional().describe('HMAC of the job id under COG_WEBHOOK_SECRET'),
    }),
    response: { 200: webhookReceivedSchema, 400: errorSchema },
  },
} as const satisfies Record<string, RouteContract>;
