import { useLayoutEffect, type ReactNode } from 'react';
import { removePrerenderedHome } from './prerendered-home';

/**
 * Wraps the app's first render: its layout effect runs after every child's, in the commit that
 * puts the app on screen, so the prerendered page goes in the same frame and nothing flashes.
 * The sign-in form reads what was typed into the prerendered card first (children run first).
 */
export function FirstPaintTakeover({ children }: { children: ReactNode }) {
  useLayoutEffect(removePrerenderedHome, []);
  return children;
}
