import { z } from 'zod';
import { safeText } from './safe-text';
import { SUBSCRIPTION_STATUSES } from '../spec/constants';
import { withErrors, withPublicErrors, type RouteContract } from './common';

export const subscriptionSchema = z
  .object({
    subscriptionStatus: z.enum(SUBSCRIPTION_STATUSES),
    subscriptionEnd: z.string().nullable(),
  })
  .meta({ id: 'Subscription' });
export type Subscription = z.infer<typeof subscriptionSchema>;

export const checkoutSessionSchema = z.object({ url: z.string() });
export type CheckoutSession = z.infer<typeof checkoutSessionSchema>;

const testCheckoutParams = z.object({ id: safeText(z.string().max(100)) });

export const billingRoutes = {
  'POST /create-checkout-session': {
    response: withErrors({ 200: checkoutSessionSchema }, 409),
  },
  'POST /cancel-subscription': { response: withErrors({ 200: subscriptionSchema }, 409) },
} as const satisfies Record<string, RouteContract>;

/** The test-mode checkout (no payment keys): reached by browser navigation, not the API client. */
export const billingPublicRoutes = {
  /** An HTML page; errors are JSON. */
  'GET /billing/test-checkout/{id}': {
    params: testCheckoutParams,
    response: withPublicErrors({}, 404, 409),
  },
  'POST /billing/test-checkout/{id}/complete': {
    params: testCheckoutParams,
    response: withPublicErrors({}, 404, 409),
  },
  'POST /billing/test-checkout/{id}/cancel': {
    params: testCheckoutParams,
    response: withPublicErrors({}, 404, 409),
  },
} as const satisfies Record<string, RouteContract>;
