import { LOGIN_TEXT } from '@app/shared/spec';
import { useEffect, useMemo, useReducer } from 'react';
import { lazyAuthCalls } from './lazy-auth-calls';
import { createLoginActions, type LoginFlowActions } from './login-actions';
import {
  initialLoginFlowState,
  loginFlowReducer,
  type EntryStep,
  type LoginFlowState,
} from './login-flow';

/** The widget's state and actions, against the configured aws-amplify. */
export function useLoginFlow(
  initialStep: EntryStep,
  onFinished: () => void,
): [LoginFlowState, LoginFlowActions] {
  const [state, dispatch] = useReducer(loginFlowReducer, initialStep, initialLoginFlowState);
  const actions = useMemo(() => createLoginActions(dispatch, lazyAuthCalls), []);

  useEffect(() => {
    if (state.step === 'done') onFinished();
  }, [state.step, onFinished]);

  // Only Google sign-in leaves the page while busy. Back from Google's pages, the browser may
  // restore this page as it was, busy; the sign-in did not happen.
  const { busy } = state;
  useEffect(() => {
    if (!busy) return;
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) dispatch({ type: 'fail', message: LOGIN_TEXT.googleCancelled });
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [busy]);

  return [state, actions];
}
