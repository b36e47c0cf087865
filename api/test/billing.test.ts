import { API_TEXT } from '@app/shared/spec';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './support/api-client';
import { userIdOf } from './support/fixtures';
import { StripeDouble } from './support/stripe-double';
import { newUser, startStudio, type Studio } from './support/studio';

describe('billing in test mode (no payment keys)', { timeout: 30_000 }, () => {
  let studio: Studio;
  beforeAll(async () => {
    studio = await startStudio();
  });
  afterAll(() => studio.stop());

  it('runs checkout -> active Pro -> cancel at period end', async () => {
    const user = newUser();
    const checkout = await studio.as(user, 'POST', '/api/create-checkout-session');
    expect(checkout.status).toBe(200);
    const url: string = checkout.body.url;
    expect(url).toMatch(/\/api\/billing\/test-checkout\/cs_test_/);

    const page = await fetch(url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('TEST MODE - no payment will be taken');

    const done = await fetch(`${url}/complete`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
      redirect: 'manual',
    });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toMatch(/\/profile\?checkout=success$/);
    const reused = await fetch(`${url}/complete`, { method: 'POST', redirect: 'manual' });
    expect(reused.status).toBe(409);
    expect(((await reused.json()) as { message: string }).message).toBe(API_TEXT.checkoutClosed);

    const active = await studio.as(user, 'GET', '/api/user');
    expect(active.body).toMatchObject({ subscriptionStatus: 'active', modelLimit: 5 });
    expect(Date.parse(active.body.subscriptionEnd)).toBeGreaterThan(Date.now());
    const again = await studio.as(user, 'POST', '/api/create-checkout-session');
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(API_TEXT.alreadySubscribed);

    const canceled = await studio.as(user, 'POST', '/api/cancel-subscription');
    expect(canceled.body).toEqual({
      subscriptionStatus: 'canceled',
      subscriptionEnd: active.body.subscriptionEnd,
    });
    // Paid up to the period end: still Pro until then.
    expect((await studio.as(user, 'GET', '/api/user')).body).toMatchObject({
      subscriptionStatus: 'canceled',
      modelLimit: 5,
    });
    const twice = await studio.as(user, 'POST', '/api/cancel-subscription');
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(API_TEXT.noSubscriptionToCancel);
  });

  it('goes back to the profile without a change when the checkout is cancelled', async () => {
    const user = newUser();
    const { body } = await studio.as(user, 'POST', '/api/create-checkout-session');
    const cancel = await fetch(`${body.url}/cancel`, { method: 'POST', redirect: 'manual' });
    expect(cancel.headers.get('location')).toMatch(/checkout=canceled$/);
    expect((await studio.as(user, 'GET', '/api/user')).body.subscriptionStatus).toBe('none');
  });

  it('answers unknown sessions with 404 and has no Stripe webhook', async () => {
    const missing = await call(studio.running, 'GET', '/api/billing/test-checkout/cs_test_nope');
    expect(missing.status).toBe(404);
    const webhook = await call(studio.running, 'POST', '/api/billing/stripe/webhook', { json: {} });
    expect(webhook.status).toBe(404);
  });
});

describe('billing with the Stripe adapter', { timeout: 30_000 }, () => {
  const webhookSecret = 'whsec_test_double';
  let studio: Studio;
  let stripeDouble: StripeDouble;
  const stripe = new Stripe('sk_test_double');

  beforeAll(async () => {
    stripeDouble = await StripeDouble.start();
    studio = await startStudio({
      STRIPE_SECRET_KEY: 'sk_test_double',
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_PRICE_ID: 'price_pro',
      STRIPE_API_URL: stripeDouble.url,
    });
  });
  afterAll(async () => {
    await studio.stop();
    await stripeDouble.close();
  });

  function deliver(event: unknown, secret = webhookSecret) {
    const payload = JSON.stringify(event);
    const signature = stripe.webhooks.generateTestHeaderString({ payload, secret });
    return call(studio.running, 'POST', '/api/billing/stripe/webhook', {
      body: payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });
  }

  /** Stripe's word that a user's checkout made `subscription` for `customer`. */
  const checkoutCompleted = (id: string, userId: string, customer: string, subscription: string) =>
    deliver({
      id,
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: `cs_${id}`,
          object: 'checkout.session',
          client_reference_id: userId,
          customer,
          subscription,
        },
      },
    });

  /** Stripe's word that a subscription ended; like Stripe's, it carries no user id of ours. */
  const subscriptionDeleted = (id: string, subscription: object) =>
    deliver({
      id,
      object: 'event',
      type: 'customer.subscription.deleted',
      data: { object: { ...subscription, metadata: {} } },
    });

  it('creates a customer and a subscription Checkout Session for the Pro price', async () => {
    const user = newUser();
    const checkout = await studio.as(user, 'POST', '/api/create-checkout-session');
    expect(checkout.status).toBe(200);
    expect(checkout.body.url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    const session = stripeDouble.calls.find((c) => c.path === '/v1/checkout/sessions');
    expect(session?.form.get('mode')).toBe('subscription');
    expect(session?.form.get('line_items[0][price]')).toBe('price_pro');
    expect(session?.form.get('client_reference_id')).toBe(await userIdOf(studio, user));
    expect(session?.form.get('success_url')).toMatch(/\/profile\?checkout=success$/);
  });

  it('applies verified webhooks and cancels at period end through Stripe', async () => {
    const user = newUser();
    const userId = await userIdOf(studio, user);
    const periodEnd = Math.floor(Date.now() / 1000) + 30 * 86400;
    const subscription = stripeDouble.addActiveSubscription('cus_paid', userId, periodEnd);

    const completed = await checkoutCompleted('evt_1', userId, 'cus_paid', subscription.id);
    expect(completed.status).toBe(200);
    const active = await studio.as(user, 'GET', '/api/user');
    expect(active.body).toMatchObject({
      subscriptionStatus: 'active',
      subscriptionEnd: new Date(periodEnd * 1000).toISOString(),
      modelLimit: 5,
    });

    const canceled = await studio.as(user, 'POST', '/api/cancel-subscription');
    expect(canceled.body).toEqual({
      subscriptionStatus: 'canceled',
      subscriptionEnd: new Date(periodEnd * 1000).toISOString(),
    });
    const update = stripeDouble.calls.find(
      (c) => c.path === `/v1/subscriptions/${subscription.id}` && c.method === 'POST',
    );
    expect(update?.form.get('cancel_at_period_end')).toBe('true');

    // Stripe ends it later: the deletion event (looked up by customer) ends Pro.
    subscription.status = 'canceled';
    subscription.ended_at = periodEnd;
    const deleted = await subscriptionDeleted('evt_2', subscription);
    expect(deleted.status).toBe(200);
    expect((await studio.as(user, 'GET', '/api/user')).body.subscriptionStatus).toBe('canceled');
  });

  it('keeps a new subscription when the canceled one it replaced ends', async () => {
    const user = newUser();
    const userId = await userIdOf(studio, user);
    const now = Math.floor(Date.now() / 1000);
    const completed = (id: string, subscription: string) =>
      checkoutCompleted(id, userId, 'cus_again', subscription);
    const old = stripeDouble.addActiveSubscription('cus_again', userId, now + 5 * 86400);
    await completed('evt_old', old.id);
    expect((await studio.as(user, 'POST', '/api/cancel-subscription')).status).toBe(200);
    // Subscribed again before the canceled period ran out.
    const renewed = stripeDouble.addActiveSubscription('cus_again', userId, now + 30 * 86400);
    await completed('evt_new', renewed.id);

    old.status = 'canceled';
    old.ended_at = now + 5 * 86400;
    const ended = await subscriptionDeleted('evt_old_ended', old);
    expect(ended.status).toBe(200);
    expect((await studio.as(user, 'GET', '/api/user')).body).toMatchObject({
      subscriptionStatus: 'active',
      subscriptionEnd: new Date((now + 30 * 86400) * 1000).toISOString(),
      modelLimit: 5,
    });
  });

  it('refuses webhooks with a bad or missing signature', async () => {
    const forged = await deliver(
      { id: 'evt_x', type: 'checkout.session.completed', data: { object: {} } },
      'whsec_wrong',
    );
    expect(forged.status).toBe(400);
    expect(forged.body.message).toBe(API_TEXT.webhookSignatureInvalid);
    const unsigned = await call(studio.running, 'POST', '/api/billing/stripe/webhook', {
      json: {},
    });
    expect(unsigned.status).toBe(400);
  });
});
