// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../test/render';
import { useMediaQuery } from './use-media-query';

/** A browser's matchMedia for one query whose answer the test changes, as a rotation would. */
function fakeMatchMedia(query: string, initially: boolean) {
  const listeners = new Set<() => void>();
  const list = {
    media: query,
    matches: initially,
    addEventListener: vi.fn((_type: string, listener: () => void) => listeners.add(listener)),
    removeEventListener: vi.fn((_type: string, listener: () => void) => listeners.delete(listener)),
  };
  const matchMedia = vi.fn((asked: string) => {
    if (asked !== query) throw new Error(`unexpected query ${asked}`);
    return list as unknown as MediaQueryList;
  });
  vi.stubGlobal('matchMedia', matchMedia);
  const change = (matches: boolean) => {
    list.matches = matches;
    for (const listener of listeners) listener();
  };
  return { matchMedia, list, change, listeners };
}

function Shows({ query }: { query: string }) {
  return <p>{useMediaQuery(query) ? 'matches' : 'does not match'}</p>;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('useMediaQuery', () => {
  it('answers that nothing matches where there is no matchMedia to ask', () => {
    vi.stubGlobal('matchMedia', undefined);
    render(<Shows query="(max-width: 50px)" />);
    expect(screen.getByText('does not match')).toBeTruthy();
  });

  it('answers and follows the query', () => {
    const query = '(max-width: 100px)';
    const media = fakeMatchMedia(query, false);
    render(<Shows query={query} />);
    expect(screen.getByText('does not match')).toBeTruthy();

    act(() => media.change(true));
    expect(screen.getByText('matches')).toBeTruthy();
    act(() => media.change(false));
    expect(screen.getByText('does not match')).toBeTruthy();
  });

  it('asks the browser for the list once and keeps its subscription across renders', () => {
    const query = '(min-width: 200px)';
    const media = fakeMatchMedia(query, true);
    const { rerender, unmount } = render(<Shows query={query} />);
    rerender(<Shows query={query} />);
    rerender(<Shows query={query} />);
    render(<Shows query={query} />);

    expect(media.matchMedia).toHaveBeenCalledTimes(1);
    // One subscription per mounted component, none made again by a render.
    expect(media.list.addEventListener).toHaveBeenCalledTimes(2);
    unmount();
    expect(media.list.removeEventListener).toHaveBeenCalledTimes(1);
    expect(media.listeners.size).toBe(1);
  });
});
