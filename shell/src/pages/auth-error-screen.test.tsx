// @vitest-environment jsdom
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { BrowserRouter, Route, Routes } from '@app/shared/navigation';
import { AUTH_CALLBACK_TEXT, AUTH_ERROR_REDIRECT_DELAY_MS } from '@app/shared/spec';
import { AuthErrorScreen } from './auth-error-screen';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// jsdom has no ResizeObserver (Fluent's MessageBar uses one); nothing is resized there.
globalThis.ResizeObserver ??= class {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
};

let root: Root;
beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  act(() => root.unmount());
  vi.useRealTimers();
  document.body.innerHTML = '';
});

it('says what went wrong, and goes to the sign-in card 3 s later, not sooner', () => {
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  window.history.replaceState(null, '', '/callback');
  act(() =>
    root.render(
      <FluentProvider theme={webLightTheme}>
        <BrowserRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
          <Routes>
            <Route
              path="/callback"
              element={
                <AuthErrorScreen
                  message="Authentication failed: access_denied"
                  redirectAfterMs={AUTH_ERROR_REDIRECT_DELAY_MS}
                />
              }
            />
            <Route path="/" element={<p>the sign-in card</p>} />
          </Routes>
        </BrowserRouter>
      </FluentProvider>,
    ),
  );
  const alert = container.querySelector('[role="alert"]');
  expect(alert?.textContent).toContain(AUTH_CALLBACK_TEXT.errorTitle);
  expect(alert?.textContent).toContain('Authentication failed: access_denied');
  expect(alert?.textContent).toContain(AUTH_CALLBACK_TEXT.redirectingToLogin);

  act(() => vi.advanceTimersByTime(AUTH_ERROR_REDIRECT_DELAY_MS - 1));
  expect(container.querySelector('[role="alert"]')).not.toBeNull();
  act(() => vi.advanceTimersByTime(1));
  expect(container.querySelector('[role="alert"]')).toBeNull();
  expect(container.textContent).toContain('the sign-in card');
});
