import { useEffect, useLayoutEffect } from 'react';
import { createTabster, getTabster } from 'tabster';

let focusManagerKept = false;

/**
 * Fluent disposes its focus manager (tabster) with the last component that uses it. A dialog
 * unmounted while open (the user navigates away, a list item with its viewer goes) disposes it
 * before its pending update runs, and the page it had hidden from assistive technology stays
 * `aria-hidden` for good (fluentui #35139, tabster #530). One more reference, taken once Fluent
 * has created the instance, keeps it alive for the page's life.
 */
function keepFocusManager(): void {
  if (focusManagerKept || !getTabster(window)) return;
  createTabster(window);
  focusManagerKept = true;
}

/**
 * Rendered inside a dialog's surface: gives focus back to the element that had it when the
 * dialog opened (the opener) once the surface is gone. Fluent's Dialog only does this for a
 * DialogTrigger, while the kit's dialogs are opened by the screens' state, from any button, a
 * thumbnail or a key. Waiting for the surface to go matters: while it is on screen (its closing
 * transition included) the focus trap would pull focus straight back in.
 */
export function ReturnFocus() {
  useEffect(keepFocusManager, []);
  useLayoutEffect(() => {
    // Layout effects of the new surface run before the dialog moves focus in.
    const active = document.activeElement;
    const opener = active instanceof HTMLElement && active !== document.body ? active : null;
    return () => {
      setTimeout(() => {
        if (opener?.isConnected) opener.focus();
      });
    };
  }, []);
  return null;
}
