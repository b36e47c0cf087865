/**
 * The widget's form rules (§5) wired to the shared validators: which message each field shows,
 * and when. Pure, so login-forms.test.ts checks the wiring without rendering.
 */

import {
  passwordPolicyErrors,
  trimFormValues,
  filterSignUpAttributes,
  validateConfirmPassword,
  validateEmail,
  validateRequired,
  validateTermsAccepted,
  type PasswordPolicy,
} from '@app/shared/spec';
import type { ResourcesConfig } from 'aws-amplify';
import type { SignUpInput } from 'aws-amplify/auth';

/** field name -> message; a field without an entry is fine. */
export type FieldErrors = Partial<Record<string, string[]>>;

/**
 * The pool's policy as Amplify was configured with it. Without one no password rule applies:
 * the widget only checks what the pool reports (§5).
 */
export function passwordPolicyOf(config: ResourcesConfig): PasswordPolicy | undefined {
  const format = config.Auth?.Cognito.passwordFormat;
  if (!format) return undefined;
  return {
    minLength: format.minLength ?? 0,
    requireLowercase: format.requireLowercase,
    requireUppercase: format.requireUppercase,
    requireNumbers: format.requireNumbers,
    requireSpecialCharacters: format.requireSpecialCharacters,
  };
}

/** Google is offered only when the hosted UI is configured with it. */
export function isGoogleSignInConfigured(config: ResourcesConfig): boolean {
  const oauth = config.Auth?.Cognito.loginWith?.oauth;
  return !!oauth && (oauth.providers ?? []).includes('Google');
}

function collect(entries: Record<string, (string | null)[]>): FieldErrors {
  const errors: FieldErrors = {};
  for (const [field, messages] of Object.entries(entries)) {
    const present = messages.filter((message): message is string => message !== null);
    if (present.length > 0) errors[field] = present;
  }
  return errors;
}

export interface SignInValues {
  username: string;
  password: string;
}

/** The username is the e-mail address (§1), so its format is checked before the call. */
export function validateSignInForm(values: SignInValues): FieldErrors {
  return {
    ...validateEmailField('username', values.username),
    ...collect({ password: [validateRequired(values.password)] }),
  };
}

/** A new password: required, then every rule of the configured policy. */
function newPasswordErrors(password: string, policy: PasswordPolicy | undefined): string[] {
  const required = validateRequired(password);
  return required ? [required] : passwordPolicyErrors(password, policy);
}

export interface NewPasswordValues {
  password: string;
  confirm_password: string;
}

/** Which password fields the user has left at least once (the confirm rule waits for both). */
export interface PasswordTouched {
  password: boolean;
  confirm_password: boolean;
}

export function validateNewPasswordPair(
  values: NewPasswordValues,
  touched: PasswordTouched,
  policy: PasswordPolicy | undefined,
): FieldErrors {
  return collect({
    password: newPasswordErrors(values.password, policy),
    confirm_password: [
      validateRequired(values.confirm_password) ??
        validateConfirmPassword({
          password: values.password,
          confirmPassword: values.confirm_password,
          passwordTouched: touched.password,
          confirmPasswordTouched: touched.confirm_password,
        }),
    ],
  });
}

export interface SignUpValues extends NewPasswordValues {
  name: string;
  email: string;
}

export function validateSignUpForm(
  values: SignUpValues,
  touched: PasswordTouched,
  policy: PasswordPolicy | undefined,
  termsAccepted: boolean,
): FieldErrors {
  return {
    ...validateEmailField('email', values.email),
    ...collect({
      name: [validateRequired(values.name)],
      terms: [validateTermsAccepted(termsAccepted)],
    }),
    ...validateNewPasswordPair(values, touched, policy),
  };
}

/**
 * §3's sign-up payload: e-mail is the username, auto sign-in on, and only standard or custom:*
 * attributes (so confirm_password never leaves the browser).
 */
export function signUpInput(values: SignUpValues): SignUpInput {
  const trimmed = trimFormValues({ ...values });
  const { password = '', ...attributes } = trimmed;
  return {
    username: trimmed.email ?? '',
    password,
    options: { autoSignIn: true, userAttributes: filterSignUpAttributes(attributes) },
  };
}

/** Required fields of one-field steps (codes, e-mail for MFA setup). */
export function validateRequiredField(field: string, value: string): FieldErrors {
  return collect({ [field]: [validateRequired(value)] });
}

export function validateEmailField(field: string, value: string): FieldErrors {
  return collect({ [field]: [validateRequired(value) ?? validateEmail(value)] });
}

/** The attributes a forced password change must collect; each is required. */
export function validateAttributes(values: Readonly<Record<string, string>>): FieldErrors {
  return collect(
    Object.fromEntries(
      Object.entries(values).map(([field, value]) => [field, [validateRequired(value)]]),
    ),
  );
}
