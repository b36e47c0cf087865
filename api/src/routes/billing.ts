import { API_ROUTES } from '@app/shared/contract/api-routes';
import { API_TEXT, normalizeSubscriptionStatus } from '@app/shared/spec';
import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkoutReturnUrls } from '../billing/provider';
import type { StripeBilling } from '../billing/stripe';
import { testCheckoutPage } from '../billing/test-checkout-page';
import { TEST_CHECKOUT_PATH, TestModeBilling } from '../billing/test-mode';
import { conflict } from '../http-errors';
import { API_PREFIX } from '../paths';
import { requestOrigin } from '../presenters';

/** Signed-in routes: start a checkout, cancel at period end. */
export const billingRoutes: FastifyPluginAsyncZod<{ writeLimit: RateLimitOptions }> = async (
  app,
  { writeLimit },
) => {
  app.post(
    '/create-checkout-session',
    {
      config: { rateLimit: writeLimit },
      schema: {
        summary: 'Start a Pro checkout; the browser then navigates to `url`',
        description: 'Stripe Checkout when keys are configured, else the built-in test-mode page.',
        ...API_ROUTES['POST /create-checkout-session'],
      },
    },
    async (request) => {
      const status = normalizeSubscriptionStatus(request.user.subscription_status);
      if (status === 'active' || status === 'trialing') throw conflict(API_TEXT.alreadySubscribed);
      return { url: await app.billing.createCheckout(request.user, requestOrigin(request)) };
    },
  );

  app.post(
    '/cancel-subscription',
    {
      config: { rateLimit: writeLimit },
      schema: {
        summary: 'Cancel at the end of the paid period (Pro stays until subscriptionEnd)',
        ...API_ROUTES['POST /cancel-subscription'],
      },
    },
    async (request) => {
      const state = await app.billing.cancel(request.user);
      return { subscriptionStatus: state.status, subscriptionEnd: state.end };
    },
  );
};

/** Public routes: reached by a browser navigation (test checkout) or by Stripe (webhook). */
export const billingPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const billing = app.billing;
  if (billing instanceof TestModeBilling) {
    const path = TEST_CHECKOUT_PATH.slice(API_PREFIX.length);
    // Plain HTML forms post urlencoded bodies; these actions read nothing from them.
    app.addContentTypeParser('application/x-www-form-urlencoded', (_request, _payload, done) =>
      done(null, {}),
    );

    app.get(
      `${path}:id`,
      {
        schema: {
          summary: 'Test-mode checkout page (no payment keys configured)',
          description: 'HTML; 404/409 JSON errors when the session is unknown, used or expired.',
          security: [],
          ...API_ROUTES['GET /billing/test-checkout/{id}'],
        },
      },
      async (request, reply) => {
        await billing.openSession(request.params.id);
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(testCheckoutPage(`${TEST_CHECKOUT_PATH}${request.params.id}`));
      },
    );

    for (const outcome of ['complete', 'cancel'] as const) {
      app.post(
        `${path}:id/${outcome}`,
        {
          schema: {
            summary: `Test-mode checkout: ${outcome} (then back to the profile)`,
            security: [],
            ...API_ROUTES[`POST /billing/test-checkout/{id}/${outcome}`],
          },
        },
        async (request, reply) => {
          await billing.finish(
            request.params.id,
            outcome === 'complete' ? 'completed' : 'canceled',
          );
          const urls = checkoutReturnUrls(requestOrigin(request));
          return reply.redirect(outcome === 'complete' ? urls.success : urls.cancel, 303);
        },
      );
    }
  }

  if (billing.mode === 'stripe') {
    const stripe = billing as StripeBilling;
    // The signature is over the exact bytes Stripe sent, so the body must stay unparsed.
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    app.post(
      '/billing/stripe/webhook',
      {
        schema: {
          summary: 'Stripe webhook (signature-verified; updates subscriptionStatus/End)',
          security: [],
          ...API_ROUTES['POST /billing/stripe/webhook'],
        },
      },
      async (request) => {
        const signature = request.headers['stripe-signature'];
        await stripe.handleWebhook(
          request.body as Buffer,
          typeof signature === 'string' ? signature : undefined,
        );
        return { received: true as const };
      },
    );
  }
};
