// @vitest-environment jsdom
import { BrowserRouter } from '@app/shared/navigation';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCheckoutReturn } from './use-checkout-return';

const reads = vi.hoisted(() => ({ count: 0 }));
vi.mock('@app/shared/data/user', () => ({
  invalidateUser: () => {
    reads.count += 1;
    return Promise.resolve();
  },
}));

const wrapper = ({ children }: { children: ReactNode }) => (
  <BrowserRouter>{children}</BrowserRouter>
);

beforeEach(() => {
  reads.count = 0;
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('back from the checkout', () => {
  it('reads the profile again until the webhook has made the plan paid', () => {
    window.history.replaceState(null, '', '/profile?checkout=success');
    const hook = renderHook(({ status }) => useCheckoutReturn(status), {
      wrapper,
      initialProps: { status: 'none' as string | undefined },
    });
    expect(window.location.search).toBe('');
    act(() => vi.advanceTimersByTime(6000));
    expect(reads.count).toBe(3);
    hook.rerender({ status: 'active' });
    act(() => vi.advanceTimersByTime(60_000));
    expect(reads.count).toBe(3);
  });

  it('stops reading after a while when the plan never comes, and never after a cancel', () => {
    window.history.replaceState(null, '', '/profile?checkout=success');
    renderHook(() => useCheckoutReturn('none'), { wrapper });
    act(() => vi.advanceTimersByTime(10 * 60_000));
    expect(reads.count).toBe(15);
    cleanup();
    reads.count = 0;
    window.history.replaceState(null, '', '/profile?checkout=canceled');
    renderHook(() => useCheckoutReturn('none'), { wrapper });
    act(() => vi.advanceTimersByTime(60_000));
    expect(reads.count).toBe(0);
  });
});
