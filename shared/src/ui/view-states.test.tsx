// @vitest-environment jsdom
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../test/render';
import { EmptyState } from './empty-state';
import { ErrorAlert } from './error-alert';
import { DelayedSpinner, SkeletonGrid } from './loading';

describe('loading, empty and error states', { timeout: 20_000 }, () => {
  afterEach(() => vi.useRealTimers());

  it('shows loading only after 300 ms, so a fast answer never flickers', () => {
    vi.useFakeTimers();
    renderInApp(
      <>
        <DelayedSpinner label="Loading model data..." />
        <SkeletonGrid count={4} columns={2} label="Loading images" />
      </>,
    );
    expect(screen.queryByText('Loading model data...')).toBeNull();
    expect(screen.queryByRole('status', { name: 'Loading images' })).toBeNull();
    act(() => vi.advanceTimersByTime(299));
    expect(screen.queryByText('Loading model data...')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText('Loading model data...')).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Loading images' })).toBeTruthy();
  });

  it('the empty state offers the action that fills the view', () => {
    const onClick = vi.fn();
    renderInApp(
      <EmptyState
        title="No images yet"
        text="Start creating your first image!"
        action={{ label: 'Generate', onClick }}
      />,
    );
    expect(screen.getByRole('heading', { name: 'No images yet' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('the error alert is dismissible, offers Retry when asked, and says when offline', () => {
    const onDismiss = vi.fn();
    const onRetry = vi.fn();
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    renderInApp(
      <ErrorAlert message="Failed to load images" onDismiss={onDismiss} onRetry={onRetry} />,
    );
    expect(screen.getByText('Failed to load images')).toBeTruthy();
    expect(screen.queryByText(/You are offline/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect([onRetry.mock.calls.length, onDismiss.mock.calls.length]).toEqual([1, 1]);

    online.mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(screen.getByText('You are offline. Check your connection and try again.')).toBeTruthy();
    online.mockRestore();
  });
});
