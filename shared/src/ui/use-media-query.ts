import { useSyncExternalStore } from 'react';
import { mediaQuery } from '../spec/constants';

interface MediaStore {
  subscribe: (onChange: () => void) => () => void;
  matches: () => boolean;
}

/**
 * One store per query for the page's life (the app asks a handful of fixed queries). A new
 * subscribe function on each render would make React unsubscribe and subscribe again after every
 * render, and asking `matchMedia` for each snapshot makes the browser parse the query and build a
 * list each time: both on the main thread of every render of every component that asks.
 */
const stores = new Map<string, MediaStore>();

/** Where there is no browser to ask (the build prerenders pages in Node): nothing matches. */
const noMedia: MediaStore = { subscribe: () => () => undefined, matches: () => false };

function mediaStore(query: string): MediaStore {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return noMedia;
  let store = stores.get(query);
  if (!store) {
    const list = window.matchMedia(query);
    store = {
      subscribe: (onChange) => {
        list.addEventListener('change', onChange);
        return () => list.removeEventListener('change', onChange);
      },
      matches: () => list.matches,
    };
    stores.set(query, store);
  }
  return store;
}

/** Whether a CSS media query matches now; follows changes (rotation, window resize). */
export function useMediaQuery(query: string): boolean {
  const store = mediaStore(query);
  return useSyncExternalStore(store.subscribe, store.matches, noMedia.matches);
}

/** Screens narrower than the spec's `xs` breakpoint (480 px) get sheets instead of dialogs. */
export const PHONE_MEDIA = mediaQuery('xs', 'down');
/** The same, for `useMediaQuery` and `matchMedia`. */
export const PHONE_MEDIA_QUERY = PHONE_MEDIA.replace(/^@media /, '');
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';
export const REDUCED_MOTION_MEDIA = `@media ${REDUCED_MOTION_QUERY}`;
