import { INSTALL_BANNER } from '@app/shared/spec';
import { describe, expect, it } from 'vitest';
import { installBannerDelay, isSwipe, swipeDismisses } from './install-banner-rules';

const NOW = 1_800_000_000_000;
const base = {
  standalone: false,
  ios: false,
  installPromptAvailable: true,
  dismissedAt: null,
  now: NOW,
};

describe('installBannerDelay', () => {
  it('shows 3 s after the install prompt becomes available', () => {
    expect(installBannerDelay(base)).toBe(3000);
  });

  it('stays hidden without an install prompt outside iOS', () => {
    expect(installBannerDelay({ ...base, installPromptAvailable: false })).toBeNull();
  });

  it('shows after 5 s on iOS, which has no install prompt', () => {
    expect(installBannerDelay({ ...base, ios: true, installPromptAvailable: false })).toBe(5000);
  });

  it('stays hidden in the installed app', () => {
    expect(installBannerDelay({ ...base, standalone: true })).toBeNull();
    expect(installBannerDelay({ ...base, standalone: true, ios: true })).toBeNull();
  });

  it('stays hidden for 24 h after a dismissal, then shows again', () => {
    const justUnder = NOW - INSTALL_BANNER.dismissalMs + 1;
    expect(installBannerDelay({ ...base, dismissedAt: justUnder })).toBeNull();
    expect(installBannerDelay({ ...base, dismissedAt: NOW - INSTALL_BANNER.dismissalMs })).toBe(
      3000,
    );
  });
});

describe('swipes', () => {
  it('treats moves under 10 px as taps', () => {
    expect(isSwipe(6, 7)).toBe(false);
    expect(isSwipe(10, 0)).toBe(true);
  });

  it('dismisses beyond 80 px in any direction', () => {
    expect(swipeDismisses(80, 0)).toBe(false);
    expect(swipeDismisses(81, 0)).toBe(true);
    expect(swipeDismisses(0, -81)).toBe(true);
  });
});
