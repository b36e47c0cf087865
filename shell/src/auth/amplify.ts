// Loaded on demand (see load-amplify.ts): everything that touches aws-amplify goes through here.
import 'aws-amplify/auth/enable-oauth-listener';
import { Amplify, type ResourcesConfig } from 'aws-amplify';

export function configureAmplify(config: ResourcesConfig) {
  Amplify.configure(config);
}

export {
  autoSignIn,
  confirmResetPassword,
  confirmSignIn,
  confirmSignUp,
  confirmUserAttribute,
  deleteUser,
  fetchAuthSession,
  fetchUserAttributes,
  getCurrentUser,
  resendSignUpCode,
  resetPassword,
  sendUserAttributeVerificationCode,
  signIn,
  signInWithRedirect,
  signOut,
  signUp,
  updateUserAttributes,
} from 'aws-amplify/auth';
export { Hub } from 'aws-amplify/utils';
