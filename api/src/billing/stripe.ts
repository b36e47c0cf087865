import { API_TEXT, normalizeSubscriptionStatus } from '@app/shared/spec';
import Stripe from 'stripe';
import type { AppConfig } from '../config';
import { badRequest, conflict } from '../http-errors';
import type { UserRow, UserService } from '../services/users';
import { checkoutReturnUrls, type BillingProvider, type SubscriptionState } from './provider';

type StripeConfig = NonNullable<AppConfig['stripe']>;

function client(config: StripeConfig): Stripe {
  if (!config.apiUrl) return new Stripe(config.secretKey);
  const url = new URL(config.apiUrl);
  return new Stripe(config.secretKey, {
    host: url.hostname,
    port: url.port || (url.protocol === 'https:' ? 443 : 80),
    protocol: url.protocol === 'http:' ? 'http' : 'https',
  });
}

/**
 * Our view of a Stripe subscription. Stripe keeps `active` until a cancel-at-period-end takes
 * effect; the product shows such a subscription as canceled with its end date (spec §2).
 */
function subscriptionState(subscription: Stripe.Subscription): SubscriptionState {
  const periodEnd =
    subscription.cancel_at ??
    subscription.items.data[0]?.current_period_end ??
    subscription.ended_at;
  const status =
    subscription.status === 'active' && subscription.cancel_at_period_end
      ? 'canceled'
      : normalizeSubscriptionStatus(subscription.status);
  return { status, end: periodEnd ? new Date(periodEnd * 1000).toISOString() : null };
}

function idOf(value: string | { id: string } | null): string | null {
  return typeof value === 'string' ? value : (value?.id ?? null);
}

const SUBSCRIPTION_EVENTS = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
]);

export class StripeBilling implements BillingProvider {
  readonly mode = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(
    private readonly config: StripeConfig,
    private readonly users: UserService,
  ) {
    this.stripe = client(config);
  }

  async createCheckout(user: UserRow, origin: string): Promise<string> {
    let customer = user.stripe_customer_id;
    if (!customer) {
      const created = await this.stripe.customers.create({
        email: user.email,
        name: user.name,
        metadata: { userId: user.id },
      });
      customer = created.id;
      await this.users.update(user.id, { stripe_customer_id: customer });
    }
    const urls = checkoutReturnUrls(origin);
    const session = await this.stripe.checkout.sessions.create({
      mode: 'subscription',
      customer,
      client_reference_id: user.id,
      line_items: [{ price: this.config.priceId, quantity: 1 }],
      subscription_data: { metadata: { userId: user.id } },
      success_url: urls.success,
      cancel_url: urls.cancel,
    });
    if (!session.url) throw new Error(`Stripe checkout session ${session.id} has no URL`);
    return session.url;
  }

  async cancel(user: UserRow): Promise<SubscriptionState> {
    if (
      !user.stripe_subscription_id ||
      !['active', 'trialing'].includes(user.subscription_status)
    ) {
      throw conflict(API_TEXT.noSubscriptionToCancel);
    }
    const subscription = await this.stripe.subscriptions.update(user.stripe_subscription_id, {
      cancel_at_period_end: true,
    });
    const state = subscriptionState(subscription);
    await this.users.update(user.id, {
      subscription_status: state.status,
      subscription_end: state.end,
    });
    return state;
  }

  async endNow(user: UserRow): Promise<void> {
    if (!user.stripe_subscription_id) return;
    const subscription = await this.stripe.subscriptions.retrieve(user.stripe_subscription_id);
    if (subscription.status === 'canceled') return;
    await this.stripe.subscriptions.cancel(user.stripe_subscription_id);
  }

  /**
   * Applies a signed webhook. Stripe retries and may deliver out of order, so each event is
   * resolved to the subscription's current state rather than applied as a delta.
   */
  async handleWebhook(rawBody: Buffer, signature: string | undefined): Promise<void> {
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(
        rawBody,
        signature ?? '',
        this.config.webhookSecret,
      );
    } catch {
      throw badRequest(API_TEXT.webhookSignatureInvalid);
    }
    if (event.type === 'checkout.session.completed') {
      const session = event.data.object;
      const subscriptionId = idOf(session.subscription);
      const userId = session.client_reference_id;
      if (!subscriptionId || !userId) return;
      const subscription = await this.stripe.subscriptions.retrieve(subscriptionId);
      await this.apply(userId, subscription);
      return;
    }
    if (SUBSCRIPTION_EVENTS.has(event.type)) {
      const subscription = event.data.object as Stripe.Subscription;
      const userId =
        subscription.metadata.userId ??
        (await this.users.findByStripeCustomer(idOf(subscription.customer) ?? ''))?.id;
      if (userId)
        await this.apply(userId, await this.stripe.subscriptions.retrieve(subscription.id));
    }
  }

  /**
   * The user's plan from one of their subscriptions. A user who canceled and subscribed again
   * has two until the old one's period ends: news of a subscription other than the current one
   * only counts when it makes the user active, so the old one's end leaves the new one standing.
   */
  private async apply(userId: string, subscription: Stripe.Subscription): Promise<void> {
    const state = subscriptionState(subscription);
    const current = (await this.users.findById(userId))?.stripe_subscription_id;
    if (current && current !== subscription.id && state.status !== 'active') return;
    await this.users.update(userId, {
      subscription_status: state.status,
      subscription_end: state.end,
      stripe_customer_id: idOf(subscription.customer),
      stripe_subscription_id: subscription.id,
    });
  }
}
