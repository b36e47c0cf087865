import { cleanup, configure, render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach } from 'vitest';
import { AppFluentProvider } from '../src/ui/app-fluent-provider';

// The first render of a file pays for Fluent's style and focus-manager set-up on a busy machine.
configure({ asyncUtilTimeout: 5000 });

// vitest runs without globals, so Testing Library cannot register its own clean-up.
afterEach(cleanup);

/** Renders inside the provider every app wraps its tree in (Fluent components need it). */
export function renderInApp(ui: ReactElement): RenderResult {
  return render(<AppFluentProvider idPrefix="test">{ui}</AppFluentProvider>);
}
