import { IDENTITY_TEXT, LOGIN_TEXT } from '@app/shared/spec';
import type { SignInOutput, SignUpOutput } from 'aws-amplify/auth';
import { describe, expect, it } from 'vitest';
import {
  errorMessage,
  googleSignInErrorMessage,
  initialLoginFlowState,
  isUserAlreadyConfirmed,
  loginFlowReducer,
  signInFollowUp,
  signUpFollowUp,
  unverifiedContactsOf,
  type LoginFlowEvent,
  type LoginFlowState,
} from './login-flow';

const EMAIL_DELIVERY = {
  destination: 'j***@example.com',
  deliveryMedium: 'EMAIL',
  attributeName: 'email',
} as const;

function run(events: LoginFlowEvent[], from = initialLoginFlowState()): LoginFlowState {
  return events.reduce(loginFlowReducer, from);
}

function signInStep(nextStep: SignInOutput['nextStep']): LoginFlowEvent {
  return {
    type: 'signInAdvanced',
    output: { isSignedIn: nextStep.signInStep === 'DONE', nextStep },
    totpIssuer: 'AWSCognito',
  };
}

const submitted = run([{ type: 'submit', username: 'jane@example.com' }]);

describe('starting and moving between the entry steps', () => {
  it('starts on sign-in unless told otherwise', () => {
    expect(initialLoginFlowState().step).toBe('signIn');
    expect(initialLoginFlowState('signUp').step).toBe('signUp');
    expect(initialLoginFlowState('forgotPassword').step).toBe('forgotPassword');
  });

  it('clears the error and the step data but keeps the username when navigating', () => {
    const failed = run([{ type: 'fail', message: 'Incorrect username or password.' }], submitted);
    const next = loginFlowReducer(failed, { type: 'navigate', step: 'forgotPassword' });
    expect(next).toEqual({
      ...initialLoginFlowState('forgotPassword'),
      username: 'jane@example.com',
    });
  });
});

describe('submitting and failing', () => {
  it('is busy while a call runs and clears the last error', () => {
    const failed = run([{ type: 'fail', message: 'old' }]);
    const busy = loginFlowReducer(failed, { type: 'submit', username: 'a@b.co' });
    expect(busy).toMatchObject({ busy: true, remoteError: null, username: 'a@b.co' });
  });

  it('returns to the same edit screen with the provider message', () => {
    const failed = run([{ type: 'fail', message: 'Incorrect username or password.' }], submitted);
    expect(failed).toMatchObject({
      step: 'signIn',
      busy: false,
      remoteError: 'Incorrect username or password.',
    });
  });
});

describe('sign-in next steps (§4)', () => {
  it('stays busy on DONE until the attributes are fetched', () => {
    const done = run([signInStep({ signInStep: 'DONE' })], submitted);
    expect(done).toMatchObject({ step: 'signIn', busy: true });
    expect(signInFollowUp({ isSignedIn: true, nextStep: { signInStep: 'DONE' } })).toBe(
      'fetchUserAttributes',
    );
  });

  it('resends the code before confirming an unconfirmed account', () => {
    const output: SignInOutput = { isSignedIn: false, nextStep: { signInStep: 'CONFIRM_SIGN_UP' } };
    expect(signInFollowUp(output)).toBe('resendSignUpCode');
    const confirming = run(
      [signInStep(output.nextStep), { type: 'signUpCodeSent', codeDelivery: EMAIL_DELIVERY }],
      submitted,
    );
    expect(confirming).toMatchObject({
      step: 'confirmSignUp',
      busy: false,
      codeDelivery: EMAIL_DELIVERY,
      username: 'jane@example.com',
    });
  });

  it('sends a required reset to forgot password', () => {
    expect(run([signInStep({ signInStep: 'RESET_PASSWORD' })], submitted).step).toBe(
      'forgotPassword',
    );
  });

  it('asks for a new password with the missing attributes', () => {
    const state = run(
      [
        signInStep({
          signInStep: 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED',
          missingAttributes: ['name', 'phone_number'],
        }),
      ],
      submitted,
    );
    expect(state).toMatchObject({
      step: 'forceNewPassword',
      busy: false,
      missingAttributes: ['name', 'phone_number'],
    });
  });

  it('offers the allowed MFA types to use or to set up', () => {
    const select = run(
      [
        signInStep({
          signInStep: 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION',
          allowedMFATypes: ['TOTP', 'EMAIL'],
        }),
      ],
      submitted,
    );
    expect(select).toMatchObject({
      step: 'selectMfaType',
      mfaSelectionPurpose: 'signIn',
      allowedMfaTypes: ['TOTP', 'EMAIL'],
    });
    const setup = run(
      [
        signInStep({
          signInStep: 'CONTINUE_SIGN_IN_WITH_MFA_SETUP_SELECTION',
          allowedMFATypes: ['EMAIL'],
        }),
      ],
      submitted,
    );
    expect(setup).toMatchObject({ step: 'selectMfaType', mfaSelectionPurpose: 'setup' });
  });

  it('sets up TOTP with the secret and an otpauth address for the QR code', () => {
    const state = run(
      [
        signInStep({
          signInStep: 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP',
          totpSetupDetails: {
            sharedSecret: 'SECRET234',
            getSetupUri: (appName, accountName) =>
              new URL(
                `otpauth://totp/${appName}:${accountName}?secret=SECRET234&issuer=${appName}`,
              ),
          },
        }),
      ],
      submitted,
    );
    expect(state.step).toBe('setupTotp');
    expect(state.totpSetup).toEqual({
      sharedSecret: 'SECRET234',
      setupUri: 'otpauth://totp/AWSCognito:jane@example.com?secret=SECRET234&issuer=AWSCognito',
    });
  });

  it('sets up e-mail MFA', () => {
    const state = run([signInStep({ signInStep: 'CONTINUE_SIGN_IN_WITH_EMAIL_SETUP' })], submitted);
    expect(state.step).toBe('setupEmail');
  });

  it.each([
    ['CONFIRM_SIGN_IN_WITH_TOTP_CODE', 'TOTP'],
    ['CONFIRM_SIGN_IN_WITH_EMAIL_CODE', 'EMAIL'],
    ['CONFIRM_SIGN_IN_WITH_SMS_CODE', 'SMS'],
    ['CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE', 'CUSTOM'],
  ] as const)('asks for the %s code', (signInStepName, challenge) => {
    const state = run(
      [signInStep({ signInStep: signInStepName, codeDeliveryDetails: EMAIL_DELIVERY })],
      submitted,
    );
    expect(state).toMatchObject({ step: 'confirmSignIn', challenge, busy: false });
  });

  it('keeps the delivery details of an e-mailed code for the note', () => {
    const state = run(
      [
        signInStep({
          signInStep: 'CONFIRM_SIGN_IN_WITH_EMAIL_CODE',
          codeDeliveryDetails: EMAIL_DELIVERY,
        }),
      ],
      submitted,
    );
    expect(state.codeDelivery).toEqual(EMAIL_DELIVERY);
  });

  it('refuses passwordless first-factor steps it never asks for', () => {
    const state = run(
      [signInStep({ signInStep: 'CONTINUE_SIGN_IN_WITH_FIRST_FACTOR_SELECTION' })],
      submitted,
    );
    expect(state).toMatchObject({
      step: 'signIn',
      busy: false,
      remoteError: IDENTITY_TEXT.unknownError,
    });
  });
});

describe('after sign-in is DONE (§4)', () => {
  const signedIn = run([signInStep({ signInStep: 'DONE' })], submitted);

  it('finishes when every contact is verified', () => {
    const state = loginFlowReducer(signedIn, {
      type: 'userAttributesFetched',
      attributes: { email: 'jane@example.com', email_verified: 'true', name: 'Jane Doe' },
    });
    expect(state).toMatchObject({ step: 'done', busy: false });
  });

  it('verifies an unverified contact first', () => {
    const state = loginFlowReducer(signedIn, {
      type: 'userAttributesFetched',
      attributes: { email: 'jane@example.com', email_verified: 'false' },
    });
    expect(state).toMatchObject({
      step: 'verifyUser',
      busy: false,
      unverifiedContacts: { email: 'jane@example.com' },
    });
  });

  it('confirms the chosen contact, then finishes; skip finishes too', () => {
    const verifying = run(
      [
        {
          type: 'userAttributesFetched',
          attributes: { email: 'jane@example.com', email_verified: 'false' },
        },
        { type: 'submit' },
        { type: 'verificationCodeSent', contact: 'email', codeDelivery: EMAIL_DELIVERY },
      ],
      signedIn,
    );
    expect(verifying).toMatchObject({
      step: 'confirmVerifyUser',
      selectedContact: 'email',
      codeDelivery: EMAIL_DELIVERY,
    });
    expect(loginFlowReducer(verifying, { type: 'finish' }).step).toBe('done');
  });

  it('counts a missing or non-true flag as unverified, and ignores absent contacts', () => {
    expect(unverifiedContactsOf({ email: 'a@b.co' })).toEqual({ email: 'a@b.co' });
    expect(
      unverifiedContactsOf({ phone_number: '+15551234567', phone_number_verified: 'false' }),
    ).toEqual({ phone_number: '+15551234567' });
    expect(
      unverifiedContactsOf({
        email: 'a@b.co',
        email_verified: 'true',
        phone_number: '+15551234567',
        phone_number_verified: 'true',
      }),
    ).toEqual({});
    expect(unverifiedContactsOf({ name: 'Jane' })).toEqual({});
  });
});

describe('sign-up (§4)', () => {
  const confirmSignUp: SignUpOutput = {
    isSignUpComplete: false,
    nextStep: { signUpStep: 'CONFIRM_SIGN_UP', codeDeliveryDetails: EMAIL_DELIVERY },
  };
  const autoSignIn: SignUpOutput = {
    isSignUpComplete: true,
    nextStep: { signUpStep: 'COMPLETE_AUTO_SIGN_IN' },
  };

  it('confirms with the delivered code', () => {
    expect(signUpFollowUp(confirmSignUp)).toBeNull();
    const state = run([{ type: 'signUpAdvanced', output: confirmSignUp }], submitted);
    expect(state).toMatchObject({
      step: 'confirmSignUp',
      busy: false,
      codeDelivery: EMAIL_DELIVERY,
    });
  });

  it('signs in automatically after confirmation, or with the password when not started', () => {
    expect(signUpFollowUp(autoSignIn)).toBe('autoSignIn');
    expect(signUpFollowUp({ isSignUpComplete: true, nextStep: { signUpStep: 'DONE' } })).toBe(
      'signInWithPassword',
    );
    const state = run([{ type: 'signUpAdvanced', output: autoSignIn }], submitted);
    expect(state).toMatchObject({ busy: true, remoteError: null });
  });

  it('recognises the already-confirmed answer to a resend', () => {
    expect(isUserAlreadyConfirmed(new Error('User is already confirmed.'))).toBe(true);
    expect(isUserAlreadyConfirmed(new Error('Attempt limit exceeded'))).toBe(false);
  });
});

describe('password reset (§4)', () => {
  it('goes from the code to sign-in with the username kept', () => {
    const state = run(
      [
        {
          type: 'resetCodeSent',
          output: {
            isPasswordReset: false,
            nextStep: {
              resetPasswordStep: 'CONFIRM_RESET_PASSWORD_WITH_CODE',
              codeDeliveryDetails: EMAIL_DELIVERY,
            },
          },
        },
      ],
      submitted,
    );
    expect(state).toMatchObject({ step: 'confirmResetPassword', codeDelivery: EMAIL_DELIVERY });
    const done = loginFlowReducer(loginFlowReducer(state, { type: 'submit' }), {
      type: 'passwordReset',
    });
    expect(done).toEqual({ ...initialLoginFlowState('signIn'), username: 'jane@example.com' });
  });
});

describe('error texts (§8)', () => {
  it('shows the provider message, or the unknown-error text', () => {
    expect(errorMessage(new Error('Incorrect username or password.'))).toBe(
      'Incorrect username or password.',
    );
    expect(errorMessage('boom')).toBe(IDENTITY_TEXT.unknownError);
    expect(errorMessage(new Error(''))).toBe(IDENTITY_TEXT.unknownError);
  });

  it('words the Google failures', () => {
    const named = (name: string, message: string) => Object.assign(new Error(message), { name });
    expect(googleSignInErrorMessage(named('OAuthSignInException', 'access_denied'))).toBe(
      LOGIN_TEXT.googleCancelled,
    );
    expect(googleSignInErrorMessage(named('Error', 'User cancelled the login'))).toBe(
      LOGIN_TEXT.googleCancelled,
    );
    expect(googleSignInErrorMessage(named('NotAuthorizedException', 'nope'))).toBe(
      LOGIN_TEXT.googleNotAuthorized,
    );
    expect(googleSignInErrorMessage(named('OAuthSignInException', 'invalid_request'))).toBe(
      'invalid_request',
    );
    expect(googleSignInErrorMessage(named('Error', ''))).toBe(LOGIN_TEXT.googleFailed);
    expect(googleSignInErrorMessage(undefined)).toBe(LOGIN_TEXT.googleFailed);
  });
});
