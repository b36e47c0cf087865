import type * as AmplifyAuth from 'aws-amplify/auth';
import type { ConfirmSignInInput, SignInOutput, SignUpOutput } from 'aws-amplify/auth';
import type { SignUpValues } from './login-forms';
import { signUpInput } from './login-forms';
import {
  errorMessage,
  googleSignInErrorMessage,
  isUserAlreadyConfirmed,
  signInFollowUp,
  signUpFollowUp,
  type ContactAttribute,
  type EntryStep,
  type LoginFlowEvent,
} from './login-flow';
import { TOTP_ISSUER } from './texts';

/** Calls resolve once the flow has settled on its next screen; they never reject. */
export interface LoginFlowActions {
  navigate(step: EntryStep): void;
  signIn(username: string, password: string): Promise<void>;
  signInWithGoogle(): Promise<void>;
  signUp(values: SignUpValues): Promise<void>;
  confirmSignUp(code: string): Promise<void>;
  resendSignUpCode(): Promise<void>;
  resetPassword(username: string): Promise<void>;
  confirmResetPassword(code: string, newPassword: string): Promise<void>;
  /** Every confirm-sign-in step: a code, an MFA choice, an e-mail, or a new password. */
  confirmSignIn(challengeResponse: string, userAttributes?: Record<string, string>): Promise<void>;
  sendVerificationCode(contact: ContactAttribute): Promise<void>;
  confirmVerification(code: string): Promise<void>;
  skipVerification(): void;
}

/** The aws-amplify/auth calls the widget makes; passed in so the sequences are unit-tested. */
export type AuthCalls = Pick<
  typeof AmplifyAuth,
  | 'autoSignIn'
  | 'confirmResetPassword'
  | 'confirmSignIn'
  | 'confirmSignUp'
  | 'confirmUserAttribute'
  | 'fetchUserAttributes'
  | 'resendSignUpCode'
  | 'resetPassword'
  | 'sendUserAttributeVerificationCode'
  | 'signIn'
  | 'signInWithRedirect'
  | 'signUp'
>;

/**
 * The call sequences of §4: each action calls the identity service and feeds every answer to the
 * reducer as an event. The password is kept here (never in rendered state) only for the sign-in
 * that follows a confirmation; it is dropped once signed in.
 */
export function createLoginActions(
  dispatch: (event: LoginFlowEvent) => void,
  auth: AuthCalls,
): LoginFlowActions {
  let credentials = { username: '', password: '' };
  let selectedContact: ContactAttribute | null = null;

  /** Runs one call; a failure returns the form to editing with the provider's message. */
  const attempt = async (call: () => Promise<void>, describe = errorMessage) => {
    try {
      await call();
    } catch (error) {
      dispatch({ type: 'fail', message: describe(error) });
    }
  };

  const afterSignIn = async (output: SignInOutput) => {
    dispatch({ type: 'signInAdvanced', output, totpIssuer: TOTP_ISSUER });
    switch (signInFollowUp(output)) {
      case 'fetchUserAttributes': {
        credentials = { ...credentials, password: '' };
        let attributes;
        try {
          attributes = await auth.fetchUserAttributes();
        } catch {
          // §4: an error fetching attributes counts as completion.
          dispatch({ type: 'finish' });
          return;
        }
        dispatch({ type: 'userAttributesFetched', attributes });
        return;
      }
      case 'resendSignUpCode':
        await resendCodeOrContinue();
        return;
      case null:
        return;
    }
  };

  const signInWithPassword = async () => {
    const { username, password } = credentials;
    if (password === '') {
      // The password was typed in an earlier visit: the user signs in again.
      dispatch({ type: 'navigate', step: 'signIn' });
      return;
    }
    await afterSignIn(await auth.signIn({ username, password }));
  };

  const afterSignUp = async (output: SignUpOutput) => {
    dispatch({ type: 'signUpAdvanced', output });
    switch (signUpFollowUp(output)) {
      case 'autoSignIn':
        await afterSignIn(await auth.autoSignIn());
        return;
      case 'signInWithPassword':
        await signInWithPassword();
        return;
      case null:
        return;
    }
  };

  /** 'User is already confirmed.' means the confirm step is done: go on as if it had passed. */
  const resendCodeOrContinue = async () => {
    try {
      const codeDelivery = await auth.resendSignUpCode({ username: credentials.username });
      dispatch({ type: 'signUpCodeSent', codeDelivery });
    } catch (error) {
      if (!isUserAlreadyConfirmed(error)) throw error;
      await signInWithPassword();
    }
  };

  return {
    navigate: (step) => dispatch({ type: 'navigate', step }),
    signIn: (username, secret) =>
      attempt(async () => {
        dispatch({ type: 'submit', username });
        credentials = { username, password: secret };
        await afterSignIn(await auth.signIn({ username, password: secret }));
      }),
    signInWithGoogle: () =>
      attempt(async () => {
        dispatch({ type: 'submit' });
        await auth.signInWithRedirect({ provider: 'Google' });
      }, googleSignInErrorMessage),
    signUp: (values) =>
      attempt(async () => {
        const input = signUpInput(values);
        dispatch({ type: 'submit', username: input.username });
        credentials = { username: input.username, password: input.password ?? '' };
        await afterSignUp(await auth.signUp(input));
      }),
    confirmSignUp: (code) =>
      attempt(async () => {
        dispatch({ type: 'submit' });
        const { username } = credentials;
        await afterSignUp(await auth.confirmSignUp({ username, confirmationCode: code.trim() }));
      }),
    resendSignUpCode: () =>
      attempt(async () => {
        dispatch({ type: 'submit' });
        await resendCodeOrContinue();
      }),
    resetPassword: (username) =>
      attempt(async () => {
        dispatch({ type: 'submit', username });
        credentials = { username, password: '' };
        dispatch({ type: 'resetCodeSent', output: await auth.resetPassword({ username }) });
      }),
    confirmResetPassword: (code, newPassword) =>
      attempt(async () => {
        dispatch({ type: 'submit' });
        const { username } = credentials;
        await auth.confirmResetPassword({ username, confirmationCode: code.trim(), newPassword });
        dispatch({ type: 'passwordReset' });
      }),
    confirmSignIn: (challengeResponse, userAttributes) =>
      attempt(async () => {
        dispatch({ type: 'submit' });
        const input: ConfirmSignInInput = userAttributes
          ? { challengeResponse, options: { userAttributes } }
          : { challengeResponse };
        await afterSignIn(await auth.confirmSignIn(input));
      }),
    sendVerificationCode: (contact) =>
      attempt(async () => {
        dispatch({ type: 'submit' });
        selectedContact = contact;
        const codeDelivery = await auth.sendUserAttributeVerificationCode({
          userAttributeKey: contact,
        });
        dispatch({ type: 'verificationCodeSent', contact, codeDelivery });
      }),
    confirmVerification: (code) =>
      attempt(async () => {
        const contact = selectedContact;
        if (!contact) return;
        dispatch({ type: 'submit' });
        await auth.confirmUserAttribute({
          userAttributeKey: contact,
          confirmationCode: code.trim(),
        });
        dispatch({ type: 'finish' });
      }),
    skipVerification: () => dispatch({ type: 'finish' }),
  };
}
