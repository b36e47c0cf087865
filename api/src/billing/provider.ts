import type { SubscriptionStatus } from '@app/shared/spec';
import type { UserRow } from '../services/users';

/** Where the browser comes back to after a checkout (the profile shows the subscription). */
export function checkoutReturnUrls(origin: string) {
  return {
    success: `${origin}/profile?checkout=success`,
    cancel: `${origin}/profile?checkout=canceled`,
  };
}

export interface SubscriptionState {
  status: SubscriptionStatus;
  /** ISO time the paid period ends (for canceled: when Pro access stops). */
  end: string | null;
}

/**
 * Card payments for the Pro plan. Stripe when keys are configured; otherwise the built-in test
 * mode, which runs the same state changes on the user (status, end) without taking money.
 */
export interface BillingProvider {
  readonly mode: 'stripe' | 'test';
  /** The checkout page the browser navigates to. */
  createCheckout(user: UserRow, origin: string): Promise<string>;
  /** Cancels at the end of the paid period; the new state of the user. */
  cancel(user: UserRow): Promise<SubscriptionState>;
  /**
   * Ends the subscription now, paid period or not (the account is being deleted). Nothing to do
   * without one, or once it has ended: a resumed deletion calls it again.
   */
  endNow(user: UserRow): Promise<void>;
}
