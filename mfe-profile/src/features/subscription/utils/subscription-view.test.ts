import { describe, expect, it } from 'vitest';
import { subscriptionView } from './subscription-view';

const NOW = new Date('2027-03-01T12:00:00Z');
const LATER = '2027-03-31T12:00:00Z';
const EARLIER = '2027-02-01T12:00:00Z';

describe('the Subscription card per status (spec §2)', () => {
  it.each([
    ['active', 'Active', true, false],
    ['trialing', 'Trial', false, false],
    ['canceled', 'Canceled', false, true],
    ['cancelled', 'Canceled', false, true],
    ['past_due', 'Past Due', false, true],
    ['unpaid', 'Unpaid', false, true],
    ['none', 'No Subscription', false, true],
    [undefined, 'No Subscription', false, true],
    ['incomplete', 'No Subscription', false, true],
    ['ACTIVE', 'Active', true, false],
  ])('%s: chip %s, cancel %s, subscribe %s', (status, label, canCancel, canSubscribe) => {
    const view = subscriptionView(status, LATER, NOW);
    expect(view.chipLabel).toBe(label);
    expect(view.canCancel).toBe(canCancel);
    expect(view.canSubscribe).toBe(canSubscribe);
  });

  it('notes the end of premium access only for a canceled subscription ending later', () => {
    expect(subscriptionView('canceled', LATER, NOW).premiumEndsAt).toEqual(new Date(LATER));
    expect(subscriptionView('cancelled', LATER, NOW).premiumEndsAt).toEqual(new Date(LATER));
    expect(subscriptionView('canceled', EARLIER, NOW).premiumEndsAt).toBeNull();
    expect(subscriptionView('canceled', null, NOW).premiumEndsAt).toBeNull();
    expect(subscriptionView('canceled', 'not a date', NOW).premiumEndsAt).toBeNull();
    expect(subscriptionView('active', LATER, NOW).premiumEndsAt).toBeNull();
  });

  it('gives every status its own look', () => {
    expect(subscriptionView('active', null).chipColor).toBe('success');
    expect(subscriptionView('canceled', null).chipColor).toBe('warning');
    expect(subscriptionView('unpaid', null).chipColor).toBe('danger');
  });
});
