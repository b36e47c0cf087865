/**
 * The sign-in widget as a pure state machine: Amplify results and user actions in, the screen to
 * show out. The component that calls Amplify (use-login-flow.ts) decides nothing on its own, so
 * every step of spec §4 is covered by login-flow.test.ts without a browser or a user pool.
 */

import { IDENTITY_TEXT, LOGIN_TEXT, type MfaMethod } from '@app/shared/spec';
import type {
  CodeDeliveryDetails,
  FetchUserAttributesOutput,
  ResetPasswordOutput,
  SignInOutput,
  SignUpOutput,
} from 'aws-amplify/auth';

export type LoginStep =
  | 'signIn'
  | 'signUp'
  | 'forgotPassword'
  | 'confirmResetPassword'
  | 'confirmSignUp'
  | 'confirmSignIn'
  | 'selectMfaType'
  | 'setupTotp'
  | 'setupEmail'
  | 'forceNewPassword'
  | 'verifyUser'
  | 'confirmVerifyUser'
  | 'done';

/** The steps a visitor can open directly: the tabs, the links and the widget's start states. */
export type EntryStep = 'signIn' | 'signUp' | 'forgotPassword';

/** What the code of the confirm-sign-in step comes from. */
export type SignInChallenge = 'SMS' | 'TOTP' | 'EMAIL' | 'CUSTOM';

export type ContactAttribute = 'email' | 'phone_number';

export type CodeDelivery = CodeDeliveryDetails;

interface TotpSetup {
  sharedSecret: string;
  /** The otpauth:// address the QR code encodes. */
  setupUri: string;
}

export interface LoginFlowState {
  step: LoginStep;
  /** A call to the identity service is running: the form's submit button is disabled. */
  busy: boolean;
  /** The provider's message for the last failed call, shown in the red box above the form. */
  remoteError: string | null;
  username: string;
  codeDelivery: CodeDelivery | null;
  challenge: SignInChallenge | null;
  /** Set on selectMfaType: choosing a method to use now, or one to set up. */
  mfaSelectionPurpose: 'signIn' | 'setup' | null;
  allowedMfaTypes: MfaMethod[];
  missingAttributes: string[];
  totpSetup: TotpSetup | null;
  unverifiedContacts: Partial<Record<ContactAttribute, string>>;
  selectedContact: ContactAttribute | null;
}

export type LoginFlowEvent =
  | { type: 'navigate'; step: EntryStep }
  | { type: 'submit'; username?: string }
  | { type: 'fail'; message: string }
  | { type: 'signInAdvanced'; output: SignInOutput; totpIssuer: string }
  | { type: 'signUpAdvanced'; output: SignUpOutput }
  | { type: 'signUpCodeSent'; codeDelivery: CodeDelivery }
  | { type: 'resetCodeSent'; output: ResetPasswordOutput }
  | { type: 'passwordReset' }
  | { type: 'userAttributesFetched'; attributes: FetchUserAttributesOutput }
  | { type: 'verificationCodeSent'; contact: ContactAttribute; codeDelivery: CodeDelivery }
  | { type: 'finish' };

export function initialLoginFlowState(step: EntryStep = 'signIn'): LoginFlowState {
  return {
    step,
    busy: false,
    remoteError: null,
    username: '',
    codeDelivery: null,
    challenge: null,
    mfaSelectionPurpose: null,
    allowedMfaTypes: [],
    missingAttributes: [],
    totpSetup: null,
    unverifiedContacts: {},
    selectedContact: null,
  };
}

/** Work the controller must do after a sign-in step before the next screen can show. */
export type SignInFollowUp = 'fetchUserAttributes' | 'resendSignUpCode' | null;

/**
 * DONE is not the end yet: an unverified contact leads to the verify screen (§4). An unconfirmed
 * account gets a fresh code before the confirm screen, as its first code may have expired.
 */
export function signInFollowUp(output: SignInOutput): SignInFollowUp {
  switch (output.nextStep.signInStep) {
    case 'DONE':
      return 'fetchUserAttributes';
    case 'CONFIRM_SIGN_UP':
      return 'resendSignUpCode';
    default:
      return null;
  }
}

/** Work the controller must do after sign-up or its confirmation. */
export type SignUpFollowUp = 'autoSignIn' | 'signInWithPassword' | null;

export function signUpFollowUp(output: SignUpOutput): SignUpFollowUp {
  switch (output.nextStep.signUpStep) {
    case 'COMPLETE_AUTO_SIGN_IN':
      return 'autoSignIn';
    case 'DONE':
      // Confirmed without auto sign-in (e.g. the account came from the sign-in tab).
      return 'signInWithPassword';
    default:
      return null;
  }
}

function edit(state: LoginFlowState, changes: Partial<LoginFlowState>): LoginFlowState {
  return { ...state, busy: false, remoteError: null, ...changes };
}

function afterSignInStep(
  state: LoginFlowState,
  output: SignInOutput,
  totpIssuer: string,
): LoginFlowState {
  const next = output.nextStep;
  switch (next.signInStep) {
    case 'DONE':
    case 'CONFIRM_SIGN_UP':
      // The follow-up call decides the screen; until it answers the form stays busy.
      return { ...state, busy: true, remoteError: null };
    case 'RESET_PASSWORD':
      return edit(state, { step: 'forgotPassword' });
    case 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED':
      return edit(state, {
        step: 'forceNewPassword',
        missingAttributes: next.missingAttributes ?? [],
      });
    case 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION':
      return edit(state, {
        step: 'selectMfaType',
        mfaSelectionPurpose: 'signIn',
        allowedMfaTypes: next.allowedMFATypes ?? [],
      });
    case 'CONTINUE_SIGN_IN_WITH_MFA_SETUP_SELECTION':
      return edit(state, {
        step: 'selectMfaType',
        mfaSelectionPurpose: 'setup',
        allowedMfaTypes: next.allowedMFATypes ?? [],
      });
    case 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP':
      return edit(state, {
        step: 'setupTotp',
        totpSetup: {
          sharedSecret: next.totpSetupDetails.sharedSecret,
          setupUri: next.totpSetupDetails.getSetupUri(totpIssuer, state.username).toString(),
        },
      });
    case 'CONTINUE_SIGN_IN_WITH_EMAIL_SETUP':
      return edit(state, { step: 'setupEmail' });
    case 'CONFIRM_SIGN_IN_WITH_TOTP_CODE':
      return edit(state, { step: 'confirmSignIn', challenge: 'TOTP', codeDelivery: null });
    case 'CONFIRM_SIGN_IN_WITH_SMS_CODE':
      return edit(state, {
        step: 'confirmSignIn',
        challenge: 'SMS',
        codeDelivery: next.codeDeliveryDetails ?? null,
      });
    case 'CONFIRM_SIGN_IN_WITH_EMAIL_CODE':
      return edit(state, {
        step: 'confirmSignIn',
        challenge: 'EMAIL',
        codeDelivery: next.codeDeliveryDetails ?? null,
      });
    case 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE':
      return edit(state, { step: 'confirmSignIn', challenge: 'CUSTOM', codeDelivery: null });
    case 'CONTINUE_SIGN_IN_WITH_FIRST_FACTOR_SELECTION':
    case 'CONFIRM_SIGN_IN_WITH_PASSWORD':
      // Passwordless (USER_AUTH) sign-in: the product signs in with SRP and never asks for it.
      return { ...state, busy: false, remoteError: IDENTITY_TEXT.unknownError };
  }
}

function afterSignUpStep(state: LoginFlowState, output: SignUpOutput): LoginFlowState {
  const next = output.nextStep;
  if (next.signUpStep === 'CONFIRM_SIGN_UP') {
    return edit(state, { step: 'confirmSignUp', codeDelivery: next.codeDeliveryDetails });
  }
  return { ...state, busy: true, remoteError: null };
}

/** A contact counts as unverified when its flag is missing or anything but 'true' (§4). */
export function unverifiedContactsOf(
  attributes: FetchUserAttributesOutput,
): Partial<Record<ContactAttribute, string>> {
  const contacts: Partial<Record<ContactAttribute, string>> = {};
  if (attributes.email && attributes.email_verified !== 'true') contacts.email = attributes.email;
  if (attributes.phone_number && attributes.phone_number_verified !== 'true') {
    contacts.phone_number = attributes.phone_number;
  }
  return contacts;
}

export function loginFlowReducer(state: LoginFlowState, event: LoginFlowEvent): LoginFlowState {
  switch (event.type) {
    case 'navigate':
      return { ...initialLoginFlowState(event.step), username: state.username };
    case 'submit':
      return {
        ...state,
        busy: true,
        remoteError: null,
        username: event.username ?? state.username,
      };
    case 'fail':
      return { ...state, busy: false, remoteError: event.message };
    case 'signInAdvanced':
      return afterSignInStep(state, event.output, event.totpIssuer);
    case 'signUpAdvanced':
      return afterSignUpStep(state, event.output);
    case 'signUpCodeSent':
      return edit(state, { step: 'confirmSignUp', codeDelivery: event.codeDelivery });
    case 'resetCodeSent':
      return edit(state, {
        step: 'confirmResetPassword',
        codeDelivery: event.output.nextStep.codeDeliveryDetails,
      });
    case 'passwordReset':
      return { ...initialLoginFlowState('signIn'), username: state.username };
    case 'userAttributesFetched': {
      const unverifiedContacts = unverifiedContactsOf(event.attributes);
      return Object.keys(unverifiedContacts).length > 0
        ? edit(state, { step: 'verifyUser', unverifiedContacts, selectedContact: null })
        : edit(state, { step: 'done' });
    }
    case 'verificationCodeSent':
      return edit(state, {
        step: 'confirmVerifyUser',
        selectedContact: event.contact,
        codeDelivery: event.codeDelivery,
      });
    case 'finish':
      return edit(state, { step: 'done' });
  }
}

/** The provider's own message (§8: remote errors show as they come). */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message.trim() !== '') return error.message;
  return IDENTITY_TEXT.unknownError;
}

/** The account was confirmed elsewhere (e.g. by link): resend fails, and the flow moves on. */
export function isUserAlreadyConfirmed(error: unknown): boolean {
  return error instanceof Error && error.message === IDENTITY_TEXT.userAlreadyConfirmed;
}

/** §8's Google texts: cancelled and not authorized have their own words, else the message. */
export function googleSignInErrorMessage(error: unknown): string {
  if (!(error instanceof Error)) return LOGIN_TEXT.googleFailed;
  const described = `${error.name} ${error.message}`.toLowerCase();
  if (described.includes('cancel') || described.includes('access_denied')) {
    return LOGIN_TEXT.googleCancelled;
  }
  if (described.includes('notauthorized') || described.includes('unauthorized')) {
    return LOGIN_TEXT.googleNotAuthorized;
  }
  return error.message.trim() !== '' ? error.message : LOGIN_TEXT.googleFailed;
}
