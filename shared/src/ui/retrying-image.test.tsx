// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../test/render';
import { AppFluentProvider } from './app-fluent-provider';
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

    const tried = [failCurrentImage(), failCurrentImage()];
    expect(onInvalidate).not.toHaveBeenCalled();
    tried.push(failCurrentImage());
    // The refresh waits a second with a spinner; the owner is told when it starts, so its fresh
    // URLs can arrive in that second.
    expect(frame.dataset.imageState).toBe('retrying');
    expect(screen.getByRole('progressbar')).toBeTruthy();
    expect(onInvalidate).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(999));
    expect(screen.getByRole('img', { hidden: true }).getAttribute('src')).toBe('/api/image/a');
    act(() => vi.advanceTimersByTime(1));
    tried.push(failCurrentImage());
    expect(onInvalidate).toHaveBeenCalledTimes(2);
    act(() => vi.advanceTimersByTime(1000));
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
    act(() => vi.advanceTimersByTime(1000));
    const image = screen.getByRole('img', { hidden: true });
    expect(image.getAttribute('src')).toMatch(/^\/img\/a\.png\?sig=1&refresh=/);
    fireEvent.load(image);
    expect(frame.dataset.imageState).toBe('loaded');
    expect(screen.getByRole('img', { name: 'A photo' })).toBeTruthy();
  });

  it('offers its sizes on the first attempt only: a retry loads the URL it names', () => {
    renderInApp(
      <RetryingImage
        src="/img/a?size=512"
        srcSet="/img/a?size=256 256w, /img/a?size=512 512w"
        sizes="33vw"
        directSrc="/direct/a"
        alt="A photo"
        aspectRatio={1}
      />,
    );
    const first = screen.getByRole('img');
    expect(first.getAttribute('srcset')).toBe('/img/a?size=256 256w, /img/a?size=512 512w');
    expect(first.getAttribute('sizes')).toBe('33vw');
    failCurrentImage();
    const retry = screen.getByRole('img', { hidden: true });
    expect(retry.getAttribute('src')).toBe('/direct/a');
    expect(retry.hasAttribute('srcset')).toBe(false);
  });

  it('retries a presigned URL it cannot add a parameter to with the fresh URL it is given', () => {
    const stale = 'https://b.s3.test/t?X-Amz-Date=1&X-Amz-Signature=old';
    const fresh = 'https://b.s3.test/t?X-Amz-Date=2&X-Amz-Signature=new';
    const view = (src: string) => (
      <AppFluentProvider idPrefix="test">
        <RetryingImage key="t" src={src} alt="T" aspectRatio={1} />
      </AppFluentProvider>
    );
    const { rerender } = render(view(stale));
    failCurrentImage();
    const first = screen.getByRole('img', { hidden: true });
    // Only the owner's fresh URL can make the retry different; it arrives during the spinner.
    rerender(view(fresh));
    // The failed attempt does not load it: the fresh URL waits for the retry.
    expect(screen.getByRole('img', { hidden: true }).getAttribute('src')).toBe(stale);
    act(() => vi.advanceTimersByTime(1000));
    const retried = screen.getByRole('img', { hidden: true });
    expect(retried.getAttribute('src')).toBe(fresh);
    // Even an unchanged URL is loaded again: a new element per attempt.
    failCurrentImage();
    act(() => vi.advanceTimersByTime(1000));
    const again = screen.getByRole('img', { hidden: true });
    expect(again.getAttribute('src')).toBe(fresh);
    expect(again).not.toBe(retried);
    expect(retried).not.toBe(first);
  });

  it('keeps the frame when it fills its parent instead of sizing itself', () => {
    renderInApp(<RetryingImage fill fit="contain" src="/b.png" alt="B" />);
    const frame = document.querySelector('[data-image-state]') as HTMLElement;
    expect(frame.style.aspectRatio).toBe('');
    expect((screen.getByRole('img') as HTMLImageElement).style.objectFit).toBe('contain');
  });
});
