// @vitest-environment jsdom
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../test/render';
import { RetryingImage } from './retrying-image';

// jsdom loads no images: each failure is an `error` event fired by the test, as the browser would.
function failCurrentImage(): string {
  const image = screen.getByRole('img', { hidden: true }) as HTMLImageElement;
  const tried = image.getAttribute('src') ?? '';
  fireEvent.error(image);
  return tried;
}

describe('RetryingImage', () => {
  beforeEach(() => vi.useFakeTimers({ now: 1000 }));
  afterEach(() => vi.useRealTimers());

  it('walks the retry chain with a 1 s spinner before each refresh, then shows Retry', () => {
    const onInvalidate = vi.fn();
    renderInApp(
      <RetryingImage
        src="/img/a.png?sig=1"
        directSrc="/direct/a.png"
        fallbackSrc="/api/image/a"
        onInvalidate={onInvalidate}
        alt="A photo"
        width={200}
        height={250}
      />,
    );
    const frame = document.querySelector('[data-image-state]') as HTMLElement;
    expect(frame.style.aspectRatio).toBe('200 / 250');
    expect(screen.getByRole('img').getAttribute('loading')).toBe('lazy');

    const tried = [failCurrentImage(), failCurrentImage(), failCurrentImage()];
    // The refresh waits a second with a spinner, and the owner drops its cached URLs first.
    expect(frame.dataset.imageState).toBe('retrying');
    expect(screen.getByRole('progressbar')).toBeTruthy();
    expect(onInvalidate).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1000));
    expect(onInvalidate).toHaveBeenCalledTimes(1);
    tried.push(failCurrentImage());
    act(() => vi.advanceTimersByTime(1000));
    expect(onInvalidate).toHaveBeenCalledTimes(2);
    tried.push(failCurrentImage());

    expect(tried.slice(0, 3)).toEqual(['/img/a.png?sig=1', '/direct/a.png', '/api/image/a']);
    expect(tried[3]).toMatch(/^\/img\/a\.png\?sig=1&refresh=[\w-]+$/);
    expect(tried[4]).toMatch(/^\/img\/a\.png\?sig=1&refresh=[\w-]+$/);
    expect(tried[4]).not.toBe(tried[3]);
    expect(tried).toHaveLength(5);
    expect(frame.dataset.imageState).toBe('broken');
    expect(screen.getByText('Failed to load image')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();

    // Retry by hand: another round of refreshes, and a load ends it.
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onInvalidate).toHaveBeenCalledTimes(3);
    const image = screen.getByRole('img', { hidden: true });
    expect(image.getAttribute('src')).toMatch(/^\/img\/a\.png\?sig=1&refresh=/);
    fireEvent.load(image);
    expect(frame.dataset.imageState).toBe('loaded');
    expect(screen.getByRole('img', { name: 'A photo' })).toBeTruthy();
  });

  it('keeps the frame when it fills its parent instead of sizing itself', () => {
    renderInApp(<RetryingImage fill fit="contain" src="/b.png" alt="B" />);
    const frame = document.querySelector('[data-image-state]') as HTMLElement;
    expect(frame.style.aspectRatio).toBe('');
    expect((screen.getByRole('img') as HTMLImageElement).style.objectFit).toBe('contain');
  });
});
