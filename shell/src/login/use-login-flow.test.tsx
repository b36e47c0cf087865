// @vitest-environment jsdom
import { LOGIN_TEXT } from '@app/shared/spec';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, expect, it, vi } from 'vitest';
import type { LoginFlowActions } from './login-actions';
import type { LoginFlowState } from './login-flow';
import { useLoginFlow } from './use-login-flow';

// Google's pages are another site: the redirect is asked for and the page would leave.
vi.mock('./lazy-auth-calls', () => ({
  lazyAuthCalls: { signInWithRedirect: vi.fn(() => Promise.resolve()) },
}));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  document.body.innerHTML = '';
});

it('is ready again, saying Google sign-in was cancelled, when Back restores the page mid-redirect', async () => {
  let flow: [LoginFlowState, LoginFlowActions] | undefined;
  function Probe() {
    flow = useLoginFlow('signIn', () => undefined);
    return null;
  }
  const root = createRoot(document.body.appendChild(document.createElement('div')));
  await act(async () => root.render(<Probe />));
  await act(async () => flow![1].signInWithGoogle());
  expect(flow![0].busy).toBe(true);

  // A page shown afresh (not from the back/forward cache) changes nothing.
  await act(async () => {
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: false }));
  });
  expect(flow![0].busy).toBe(true);

  await act(async () => {
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
  });
  expect(flow![0]).toMatchObject({ busy: false, remoteError: LOGIN_TEXT.googleCancelled });
  await act(async () => root.unmount());
});
