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

  return [state, actions];
}
