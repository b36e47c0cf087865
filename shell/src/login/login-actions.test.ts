import { LOGIN_TEXT } from '@app/shared/spec';
import type { SignInOutput, SignUpOutput } from 'aws-amplify/auth';
import { describe, expect, it, vi } from 'vitest';
import { createLoginActions, type AuthCalls } from './login-actions';
import {
  initialLoginFlowState,
  loginFlowReducer,
  type EntryStep,
  type LoginFlowEvent,
  type LoginFlowState,
} from './login-flow';

const EMAIL = 'jane@example.com';
const PASSWORD = 'a secret pass';
const DELIVERY = { destination: 'j**e@example.com', deliveryMedium: 'EMAIL' as const };

const signedIn: SignInOutput = { isSignedIn: true, nextStep: { signInStep: 'DONE' } };
const verifiedAttributes = { email: EMAIL, email_verified: 'true', name: 'Jane Doe' };
const codeSent: SignUpOutput = {
  isSignUpComplete: false,
  nextStep: { signUpStep: 'CONFIRM_SIGN_UP', codeDeliveryDetails: DELIVERY },
};

function named(name: string, message: string): Error {
  return Object.assign(new Error(message), { name });
}

/** Every call fails loudly unless the test says what the identity service answers. */
function authCalls(answers: Partial<AuthCalls>): AuthCalls {
  const unexpected = (name: string) =>
    vi.fn(() => Promise.reject(new Error(`unexpected call: ${name}`)));
  return {
    autoSignIn: unexpected('autoSignIn'),
    confirmResetPassword: unexpected('confirmResetPassword'),
    confirmSignIn: unexpected('confirmSignIn'),
    confirmSignUp: unexpected('confirmSignUp'),
    confirmUserAttribute: unexpected('confirmUserAttribute'),
    fetchUserAttributes: unexpected('fetchUserAttributes'),
    resendSignUpCode: unexpected('resendSignUpCode'),
    resetPassword: unexpected('resetPassword'),
    sendUserAttributeVerificationCode: unexpected('sendUserAttributeVerificationCode'),
    signIn: unexpected('signIn'),
    signInWithRedirect: unexpected('signInWithRedirect'),
    signUp: unexpected('signUp'),
    ...answers,
  };
}

function widget(auth: AuthCalls, step: EntryStep = 'signIn') {
  let state = initialLoginFlowState(step);
  const dispatch = (event: LoginFlowEvent) => {
    state = loginFlowReducer(state, event);
  };
  return { actions: createLoginActions(dispatch, auth), state: (): LoginFlowState => state };
}

describe('signing in (§4)', () => {
  it('signs in, checks the contacts and finishes', async () => {
    const auth = authCalls({
      signIn: vi.fn().mockResolvedValue(signedIn),
      fetchUserAttributes: vi.fn().mockResolvedValue(verifiedAttributes),
    });
    const { actions, state } = widget(auth);
    await actions.signIn(EMAIL, PASSWORD);
    expect(auth.signIn).toHaveBeenCalledWith({ username: EMAIL, password: PASSWORD });
    expect(state()).toMatchObject({ step: 'done', busy: false, remoteError: null });
  });

  it('shows the provider message and stays on the form when sign-in fails', async () => {
    const auth = authCalls({
      signIn: vi
        .fn()
        .mockRejectedValue(named('NotAuthorizedException', 'Incorrect username or password.')),
    });
    const { actions, state } = widget(auth);
    await actions.signIn(EMAIL, 'wrong');
    expect(state()).toMatchObject({
      step: 'signIn',
      busy: false,
      remoteError: 'Incorrect username or password.',
    });
  });

  it('finishes when the attributes cannot be read', async () => {
    const auth = authCalls({
      signIn: vi.fn().mockResolvedValue(signedIn),
      fetchUserAttributes: vi.fn().mockRejectedValue(new Error('Network Error')),
    });
    const { actions, state } = widget(auth);
    await actions.signIn(EMAIL, PASSWORD);
    expect(state().step).toBe('done');
  });

  it('sends a fresh code to an unconfirmed account, then signs in with the typed password', async () => {
    const auth = authCalls({
      signIn: vi
        .fn()
        .mockResolvedValueOnce({ isSignedIn: false, nextStep: { signInStep: 'CONFIRM_SIGN_UP' } })
        .mockResolvedValueOnce(signedIn),
      resendSignUpCode: vi.fn().mockResolvedValue(DELIVERY),
      confirmSignUp: vi
        .fn()
        .mockResolvedValue({ isSignUpComplete: true, nextStep: { signUpStep: 'DONE' } }),
      fetchUserAttributes: vi.fn().mockResolvedValue(verifiedAttributes),
    });
    const { actions, state } = widget(auth);
    await actions.signIn(EMAIL, PASSWORD);
    expect(auth.resendSignUpCode).toHaveBeenCalledWith({ username: EMAIL });
    expect(state()).toMatchObject({ step: 'confirmSignUp', codeDelivery: DELIVERY, busy: false });

    await actions.confirmSignUp(' 123456 ');
    expect(auth.confirmSignUp).toHaveBeenCalledWith({
      username: EMAIL,
      confirmationCode: '123456',
    });
    expect(auth.signIn).toHaveBeenLastCalledWith({ username: EMAIL, password: PASSWORD });
    expect(state().step).toBe('done');
  });

  it('answers a new-password challenge with the password and the missing attributes', async () => {
    const auth = authCalls({
      confirmSignIn: vi.fn().mockResolvedValue(signedIn),
      fetchUserAttributes: vi.fn().mockResolvedValue(verifiedAttributes),
    });
    const { actions, state } = widget(auth);
    await actions.confirmSignIn('new password', { name: 'Jane Doe' });
    expect(auth.confirmSignIn).toHaveBeenCalledWith({
      challengeResponse: 'new password',
      options: { userAttributes: { name: 'Jane Doe' } },
    });
    expect(state().step).toBe('done');
  });
});

describe('signing up (§3, §4)', () => {
  const form = {
    name: ' Jane Doe ',
    email: ` ${EMAIL} `,
    password: PASSWORD,
    confirm_password: PASSWORD,
  };

  it('signs up, confirms the mailed code and signs in automatically', async () => {
    const auth = authCalls({
      signUp: vi.fn().mockResolvedValue(codeSent),
      confirmSignUp: vi.fn().mockResolvedValue({
        isSignUpComplete: true,
        nextStep: { signUpStep: 'COMPLETE_AUTO_SIGN_IN' },
      }),
      autoSignIn: vi.fn().mockResolvedValue(signedIn),
      fetchUserAttributes: vi.fn().mockResolvedValue(verifiedAttributes),
    });
    const { actions, state } = widget(auth, 'signUp');
    await actions.signUp(form);
    expect(auth.signUp).toHaveBeenCalledWith({
      username: EMAIL,
      password: PASSWORD,
      options: { autoSignIn: true, userAttributes: { name: 'Jane Doe', email: EMAIL } },
    });
    expect(state()).toMatchObject({ step: 'confirmSignUp', codeDelivery: DELIVERY });

    await actions.confirmSignUp('123456');
    expect(auth.autoSignIn).toHaveBeenCalledOnce();
    expect(state().step).toBe('done');
  });

  it("takes 'User is already confirmed.' on resend as confirmed and signs in", async () => {
    const auth = authCalls({
      signUp: vi.fn().mockResolvedValue(codeSent),
      resendSignUpCode: vi
        .fn()
        .mockRejectedValue(named('InvalidParameterException', 'User is already confirmed.')),
      signIn: vi.fn().mockResolvedValue(signedIn),
      fetchUserAttributes: vi.fn().mockResolvedValue(verifiedAttributes),
    });
    const { actions, state } = widget(auth, 'signUp');
    await actions.signUp(form);
    await actions.resendSignUpCode();
    expect(auth.signIn).toHaveBeenCalledWith({ username: EMAIL, password: PASSWORD });
    expect(state().step).toBe('done');
  });

  it('keeps the confirm screen with the message when a resend fails otherwise', async () => {
    const auth = authCalls({
      signUp: vi.fn().mockResolvedValue(codeSent),
      resendSignUpCode: vi
        .fn()
        .mockRejectedValue(named('LimitExceededException', 'Attempt limit exceeded')),
    });
    const { actions, state } = widget(auth, 'signUp');
    await actions.signUp(form);
    await actions.resendSignUpCode();
    expect(state()).toMatchObject({
      step: 'confirmSignUp',
      busy: false,
      remoteError: 'Attempt limit exceeded',
    });
  });

  it('shows an existing account as the provider words it', async () => {
    const auth = authCalls({
      signUp: vi.fn().mockRejectedValue(named('UsernameExistsException', 'User already exists')),
    });
    const { actions, state } = widget(auth, 'signUp');
    await actions.signUp(form);
    expect(state()).toMatchObject({ step: 'signUp', remoteError: 'User already exists' });
  });
});

describe('verifying a contact after sign-in (§4)', () => {
  it('sends a code to the chosen contact and confirms it', async () => {
    const auth = authCalls({
      signIn: vi.fn().mockResolvedValue(signedIn),
      fetchUserAttributes: vi.fn().mockResolvedValue({ email: EMAIL, email_verified: 'false' }),
      sendUserAttributeVerificationCode: vi.fn().mockResolvedValue(DELIVERY),
      confirmUserAttribute: vi.fn().mockResolvedValue(undefined),
    });
    const { actions, state } = widget(auth);
    await actions.signIn(EMAIL, PASSWORD);
    expect(state()).toMatchObject({ step: 'verifyUser', unverifiedContacts: { email: EMAIL } });

    await actions.sendVerificationCode('email');
    expect(auth.sendUserAttributeVerificationCode).toHaveBeenCalledWith({
      userAttributeKey: 'email',
    });
    expect(state()).toMatchObject({ step: 'confirmVerifyUser', codeDelivery: DELIVERY });

    await actions.confirmVerification(' 654321 ');
    expect(auth.confirmUserAttribute).toHaveBeenCalledWith({
      userAttributeKey: 'email',
      confirmationCode: '654321',
    });
    expect(state().step).toBe('done');
  });

  it('lets the user skip', async () => {
    const auth = authCalls({
      signIn: vi.fn().mockResolvedValue(signedIn),
      fetchUserAttributes: vi.fn().mockResolvedValue({ email: EMAIL }),
    });
    const { actions, state } = widget(auth);
    await actions.signIn(EMAIL, PASSWORD);
    actions.skipVerification();
    expect(state().step).toBe('done');
  });
});

describe('resetting a password (§4)', () => {
  it('sends a code, sets the new password and returns to sign-in with the username', async () => {
    const auth = authCalls({
      resetPassword: vi.fn().mockResolvedValue({
        isPasswordReset: false,
        nextStep: {
          resetPasswordStep: 'CONFIRM_RESET_PASSWORD_WITH_CODE',
          codeDeliveryDetails: DELIVERY,
        },
      }),
      confirmResetPassword: vi.fn().mockResolvedValue(undefined),
    });
    const { actions, state } = widget(auth, 'forgotPassword');
    await actions.resetPassword(EMAIL);
    expect(state()).toMatchObject({ step: 'confirmResetPassword', codeDelivery: DELIVERY });
    await actions.confirmResetPassword(' 111222 ', 'new password');
    expect(auth.confirmResetPassword).toHaveBeenCalledWith({
      username: EMAIL,
      confirmationCode: '111222',
      newPassword: 'new password',
    });
    expect(state()).toMatchObject({ step: 'signIn', username: EMAIL, remoteError: null });
  });
});

describe('Google (§8)', () => {
  it('words a failed start of the hosted UI flow', async () => {
    const auth = authCalls({
      signInWithRedirect: vi.fn().mockRejectedValue(named('OAuthSignInException', 'access_denied')),
    });
    const { actions, state } = widget(auth);
    await actions.signInWithGoogle();
    expect(auth.signInWithRedirect).toHaveBeenCalledWith({ provider: 'Google' });
    expect(state()).toMatchObject({ busy: false, remoteError: LOGIN_TEXT.googleCancelled });
  });
});
