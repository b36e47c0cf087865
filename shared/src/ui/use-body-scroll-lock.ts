import { useLayoutEffect } from 'react';

let locks = 0;
let saved: { html: string; body: string } | undefined;

/**
 * Stops the page behind from scrolling while `active` (spec §2: the viewer locks body scroll).
 * Fluent's Dialog does this only when the body itself overflows the window, which misses pages
 * whose scrolling element is the root; this locks both, and counts nested locks.
 */
export function useBodyScrollLock(active: boolean): void {
  useLayoutEffect(() => {
    if (!active) return;
    const { documentElement: html, body } = document;
    if (locks === 0) {
      saved = { html: html.style.overflow, body: body.style.overflow };
      html.style.overflow = 'hidden';
      body.style.overflow = 'hidden';
    }
    locks += 1;
    return () => {
      locks -= 1;
      if (locks === 0 && saved) {
        html.style.overflow = saved.html;
        body.style.overflow = saved.body;
        saved = undefined;
      }
    };
  }, [active]);
}
