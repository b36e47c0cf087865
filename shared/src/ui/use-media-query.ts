import { useSyncExternalStore } from 'react';

/** Whether a CSS media query matches now; follows changes (rotation, window resize). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
    () => false,
  );
}

/** Screens narrower than the spec's `xs` breakpoint (480 px) get sheets instead of dialogs. */
export const PHONE_MEDIA_QUERY = '(max-width: 479.98px)';
export const PHONE_MEDIA = `@media ${PHONE_MEDIA_QUERY}`;
export const REDUCED_MOTION_MEDIA = '@media (prefers-reduced-motion: reduce)';
