import { loadAmplify } from '../auth/load-amplify';
import type { AuthCalls } from './login-actions';

/** Forwards one call to aws-amplify, fetching it first: the sign-in screen paints without it. */
function lazyCall<K extends keyof AuthCalls>(name: K): AuthCalls[K] {
  type Call = (...args: Parameters<AuthCalls[K]>) => ReturnType<AuthCalls[K]>;
  const call = async (...args: Parameters<AuthCalls[K]>) => {
    const amplify = await loadAmplify();
    return (amplify[name] as unknown as Call)(...args);
  };
  return call as unknown as AuthCalls[K];
}

export const lazyAuthCalls: AuthCalls = {
  autoSignIn: lazyCall('autoSignIn'),
  confirmResetPassword: lazyCall('confirmResetPassword'),
  confirmSignIn: lazyCall('confirmSignIn'),
  confirmSignUp: lazyCall('confirmSignUp'),
  confirmUserAttribute: lazyCall('confirmUserAttribute'),
  fetchUserAttributes: lazyCall('fetchUserAttributes'),
  resendSignUpCode: lazyCall('resendSignUpCode'),
  resetPassword: lazyCall('resetPassword'),
  sendUserAttributeVerificationCode: lazyCall('sendUserAttributeVerificationCode'),
  signIn: lazyCall('signIn'),
  signInWithRedirect: lazyCall('signInWithRedirect'),
  signUp: lazyCall('signUp'),
};
