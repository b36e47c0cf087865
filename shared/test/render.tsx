import { cleanup, configure, render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { disposeTabster, getTabster } from 'tabster';
import { afterAll, afterEach } from 'vitest';
import { AppFluentProvider } from '../src/ui/app-fluent-provider';

// jsdom does no layout and so has no ResizeObserver (Fluent's MessageBar uses one to reflow);
// nothing is ever resized there, so an observer that never reports is the faithful stand-in.
globalThis.ResizeObserver ??= class {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
};

// The first render of a file pays for Fluent's style and focus-manager set-up on a busy machine.
configure({ asyncUtilTimeout: 5000 });

// vitest runs without globals, so Testing Library cannot register its own clean-up.
afterEach(cleanup);

// The kit's dialogs keep Fluent's focus manager for the page's life (see return-focus.tsx); a test
// file's page ends here, before jsdom takes its globals away under the manager's observers.
afterAll(() => {
  const tabster = getTabster(window);
  if (tabster) disposeTabster(tabster, true);
});

/** Renders inside the provider every app wraps its tree in (Fluent components need it). */
export function renderInApp(ui: ReactElement): RenderResult {
  return render(<AppFluentProvider idPrefix="test">{ui}</AppFluentProvider>);
}
