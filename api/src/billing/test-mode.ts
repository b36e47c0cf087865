import { randomBytes } from 'node:crypto';
import { API_TEXT } from '@app/shared/spec';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { conflict, notFound } from '../http-errors';
import { API_PREFIX } from '../paths';
import type { UserRow, UserService } from '../services/users';
import type { BillingProvider, SubscriptionState } from './provider';

const SESSION_LIFETIME_MS = 30 * 60 * 1000;
/** A test-mode "month" of Pro. */
const PERIOD_MS = 30 * 24 * 60 * 60 * 1000;

export const TEST_CHECKOUT_PATH = `${API_PREFIX}/billing/test-checkout/`;

/**
 * Billing without payment keys: a checkout page of our own, labelled as a test, whose button
 * makes the same change a paid Stripe checkout makes (active, with a period end). The session id
 * in its URL is the permission, as a Stripe Checkout URL is.
 */
export class TestModeBilling implements BillingProvider {
  readonly mode = 'test' as const;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly users: UserService,
  ) {}

  async createCheckout(user: UserRow, origin: string): Promise<string> {
    const now = Date.now();
    const id = `cs_test_${randomBytes(24).toString('base64url')}`;
    await this.db
      .insertInto('checkout_sessions')
      .values({
        id,
        user_id: user.id,
        status: 'open',
        created_at: new Date(now).toISOString(),
        expires_at: new Date(now + SESSION_LIFETIME_MS).toISOString(),
      })
      .execute();
    return `${origin}${TEST_CHECKOUT_PATH}${id}`;
  }

  /** An open, unexpired session; anything else reads as gone. */
  async openSession(id: string) {
    const session = await this.db
      .selectFrom('checkout_sessions')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (!session) throw notFound(API_TEXT.checkoutClosed);
    if (session.status !== 'open' || new Date(session.expires_at).getTime() < Date.now()) {
      throw conflict(API_TEXT.checkoutClosed);
    }
    return session;
  }

  async finish(id: string, outcome: 'completed' | 'canceled'): Promise<void> {
    const session = await this.openSession(id);
    await this.db
      .updateTable('checkout_sessions')
      .set({ status: outcome })
      .where('id', '=', id)
      .execute();
    if (outcome === 'completed') {
      await this.users.update(session.user_id, {
        subscription_status: 'active',
        subscription_end: new Date(Date.now() + PERIOD_MS).toISOString(),
      });
    }
  }

  async cancel(user: UserRow): Promise<SubscriptionState> {
    if (!['active', 'trialing'].includes(user.subscription_status)) {
      throw conflict(API_TEXT.noSubscriptionToCancel);
    }
    // Pro stays until the end of the period already paid for (spec §2, §8).
    await this.users.update(user.id, { subscription_status: 'canceled' });
    return { status: 'canceled', end: user.subscription_end };
  }

  async endNow(user: UserRow): Promise<void> {
    // No provider holds anything: ending the state on the user (and its open checkouts) is all.
    await this.db.deleteFrom('checkout_sessions').where('user_id', '=', user.id).execute();
    if (!['active', 'trialing', 'canceled'].includes(user.subscription_status)) return;
    await this.users.update(user.id, {
      subscription_status: 'canceled',
      subscription_end: new Date().toISOString(),
    });
  }
}
