// @vitest-environment jsdom
import type { UserProfile } from '@app/shared/contract/user';
import { PROFILE_TEXT } from '@app/shared/spec';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PROFILE_UI_TEXT } from '../../../texts';
import { SubscriptionCard } from './subscription-card';

// The checkout takes the browser to another site, which jsdom cannot do: it resolves at once,
// as startCheckout does once the browser is on its way.
vi.mock('../api/start-checkout', () => ({ startCheckout: vi.fn(() => Promise.resolve()) }));

afterEach(cleanup);

const profile = {
  subscriptionStatus: 'none',
  subscriptionEnd: null,
  modelLimit: 1,
} as unknown as UserProfile;

describe('SubscriptionCard', () => {
  it('is ready to subscribe again when the page comes back from the back/forward cache', async () => {
    render(<SubscriptionCard profile={profile} />);
    fireEvent.click(screen.getByRole('button', { name: PROFILE_TEXT.subscribeNow }));
    const opening = await screen.findByRole('button', { name: PROFILE_UI_TEXT.openingCheckout });
    // An ordinary pageshow changes nothing; the page shown again from the back/forward cache does.
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: false }));
    expect(opening).toHaveProperty('disabled', true);
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    expect(await screen.findByRole('button', { name: PROFILE_TEXT.subscribeNow })).toHaveProperty(
      'disabled',
      false,
    );
  });
});
