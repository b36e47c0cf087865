import { describe, expect, it } from 'vitest';
import { cancelSubscriptionQuestion, planModels, premiumEndsOn } from './texts';

describe("the profile screen's own words", () => {
  it('word the subscription card and its cancel confirmation', () => {
    expect(premiumEndsOn('March 5, 2027')).toBe('Your premium access ends on March 5, 2027.');
    expect(cancelSubscriptionQuestion('March 5, 2027')).toBe(
      'Cancel your subscription? It takes effect at the end of the current billing period (March 5, 2027); until then you keep all premium features.',
    );
    expect(cancelSubscriptionQuestion(null)).toBe(
      'Cancel your subscription? It takes effect at the end of the current billing period; until then you keep all premium features.',
    );
  });

  it('say what the plan includes, unlimited for admins', () => {
    expect(planModels(1)).toBe('Your plan: 1 model');
    expect(planModels(5)).toBe('Your plan: up to 5 models');
    expect(planModels(999)).toBe('Your plan: unlimited models');
  });
});
