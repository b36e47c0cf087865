import {
  normalizeSubscriptionStatus,
  SUBSCRIPTION_CHIP_LABELS,
  type SubscriptionStatus,
} from '@app/shared/spec';

/** Fluent Badge colours; each status reads differently at a glance. */
type ChipColor = 'success' | 'brand' | 'warning' | 'danger' | 'informative';

const CHIP_COLORS: Record<SubscriptionStatus, ChipColor> = {
  active: 'success',
  trialing: 'brand',
  canceled: 'warning',
  past_due: 'danger',
  unpaid: 'danger',
  none: 'informative',
};

export interface SubscriptionView {
  status: SubscriptionStatus;
  chipLabel: string;
  chipColor: ChipColor;
  /** A canceled subscription paid up to a future date: premium access ends then (spec §2). */
  premiumEndsAt: Date | null;
  /** The Cancel icon: only while active. */
  canCancel: boolean;
  /** Subscribe Now: neither active nor trialing. */
  canSubscribe: boolean;
}

/** What the Subscription card shows for the server's raw status (both spellings of canceled). */
export function subscriptionView(
  rawStatus: unknown,
  subscriptionEnd: string | null | undefined,
  now: Date = new Date(),
): SubscriptionView {
  const status = normalizeSubscriptionStatus(rawStatus);
  const end = subscriptionEnd ? new Date(subscriptionEnd) : null;
  const endsLater = end !== null && !Number.isNaN(end.getTime()) && end > now;
  return {
    status,
    chipLabel: SUBSCRIPTION_CHIP_LABELS[status],
    chipColor: CHIP_COLORS[status],
    premiumEndsAt: status === 'canceled' && endsLater ? end : null,
    canCancel: status === 'active',
    canSubscribe: status !== 'active' && status !== 'trialing',
  };
}

/** 'March 5, 2027' in the reader's language. */
export function formatEndDate(date: Date): string {
  return date.toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });
}
