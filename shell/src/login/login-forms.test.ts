import { FORM_TEXT } from '@app/shared/spec';
import type { ResourcesConfig } from 'aws-amplify';
import { describe, expect, it } from 'vitest';
import {
  isGoogleSignInConfigured,
  passwordPolicyOf,
  signUpInput,
  validateAttributes,
  validateEmailField,
  validateNewPasswordPair,
  validateSignInForm,
  validateSignUpForm,
  type SignUpValues,
} from './login-forms';

/** The configuration the shell passes to Amplify.configure (see the login-page contract). */
function config(cognito: object): ResourcesConfig {
  return {
    Auth: { Cognito: { userPoolId: 'us-east-1_studio', userPoolClientId: 'client', ...cognito } },
  } as ResourcesConfig;
}

const PRODUCT_POLICY = {
  minLength: 8,
  requireLowercase: false,
  requireUppercase: false,
  requireNumbers: false,
  requireSpecialCharacters: false,
};

const GOOGLE_OAUTH = {
  domain: 'localhost:3443',
  scopes: ['openid'],
  redirectSignIn: ['http://localhost:3000/callback'],
  redirectSignOut: ['http://localhost:3000/logout'],
  responseType: 'code' as const,
  providers: ['Google' as const],
};

const untouched = { password: false, confirm_password: false };
const bothTouched = { password: true, confirm_password: true };

const validSignUp: SignUpValues = {
  name: 'Jane Doe',
  email: 'jane@example.com',
  password: 'long enough',
  confirm_password: 'long enough',
};

describe('what the Amplify configuration enables', () => {
  it('reads the configured password policy, and none when there is none', () => {
    expect(passwordPolicyOf(config({ passwordFormat: PRODUCT_POLICY }))).toEqual(PRODUCT_POLICY);
    expect(passwordPolicyOf(config({}))).toBeUndefined();
  });

  it('offers Google only with a hosted UI that lists it', () => {
    expect(
      isGoogleSignInConfigured(config({ loginWith: { email: true, oauth: GOOGLE_OAUTH } })),
    ).toBe(true);
    expect(isGoogleSignInConfigured(config({ loginWith: { email: true } }))).toBe(false);
    expect(
      isGoogleSignInConfigured(
        config({ loginWith: { oauth: { ...GOOGLE_OAUTH, providers: ['Apple'] } } }),
      ),
    ).toBe(false);
  });
});

describe('sign-in form', () => {
  it('needs the username and the password', () => {
    expect(validateSignInForm({ username: ' ', password: '' })).toEqual({
      username: [FORM_TEXT.required],
      password: [FORM_TEXT.required],
    });
    expect(validateSignInForm({ username: 'jane@example.com', password: 'x' })).toEqual({});
  });

  it('checks the e-mail format before anything is sent (the username is the e-mail, §1)', () => {
    expect(validateSignInForm({ username: 'jane.example.com', password: 'x' })).toEqual({
      username: [FORM_TEXT.invalidEmail],
    });
  });
});

describe('sign-up form (§5)', () => {
  it('accepts a complete form with the terms agreed', () => {
    expect(validateSignUpForm(validSignUp, bothTouched, PRODUCT_POLICY, true)).toEqual({});
  });

  it('requires every field and the terms checkbox', () => {
    const empty = { name: '', email: '', password: '', confirm_password: '' };
    expect(validateSignUpForm(empty, bothTouched, PRODUCT_POLICY, false)).toEqual({
      name: [FORM_TEXT.required],
      email: [FORM_TEXT.required],
      password: [FORM_TEXT.required],
      confirm_password: [FORM_TEXT.required],
      terms: ['You must agree to the Terms and Conditions'],
    });
  });

  it('checks the e-mail format', () => {
    const errors = validateSignUpForm(
      { ...validSignUp, email: 'jane@' },
      bothTouched,
      PRODUCT_POLICY,
      true,
    );
    expect(errors).toEqual({ email: ['Please enter a valid email'] });
  });

  it('applies the password rules only as the policy says', () => {
    const short = { ...validSignUp, password: 'short', confirm_password: 'short' };
    expect(validateSignUpForm(short, bothTouched, PRODUCT_POLICY, true)).toEqual({
      password: ['Password must have at least 8 characters'],
    });
    expect(validateSignUpForm(short, bothTouched, undefined, true)).toEqual({});
    const strict = { ...PRODUCT_POLICY, requireUppercase: true, requireNumbers: true };
    expect(validateSignUpForm(validSignUp, bothTouched, strict, true)).toEqual({
      password: ['Password must have upper case letters', 'Password must have numbers'],
    });
  });

  it('says the passwords must match only once it is fair to', () => {
    const mismatch = { password: 'abc', confirm_password: 'abd' };
    expect(validateNewPasswordPair(mismatch, untouched, undefined)).toEqual({});
    expect(validateNewPasswordPair(mismatch, bothTouched, undefined)).toEqual({
      confirm_password: ['Your passwords must match'],
    });
    const longMismatch = { password: 'abcdef', confirm_password: 'abcdeg' };
    expect(validateNewPasswordPair(longMismatch, untouched, undefined)).toEqual({
      confirm_password: ['Your passwords must match'],
    });
  });
});

describe('the sign-up payload (§3)', () => {
  it('uses the e-mail as username, trims all but the password and sends only attributes', () => {
    const input = signUpInput({
      name: '  Jane Doe ',
      email: ' jane@example.com ',
      password: ' pass word ',
      confirm_password: ' pass word ',
    });
    expect(input).toEqual({
      username: 'jane@example.com',
      password: ' pass word ',
      options: {
        autoSignIn: true,
        userAttributes: { name: 'Jane Doe', email: 'jane@example.com' },
      },
    });
  });
});

describe('single fields and required attributes', () => {
  it('checks an e-mail field', () => {
    expect(validateEmailField('email', '')).toEqual({ email: [FORM_TEXT.required] });
    expect(validateEmailField('email', 'nope')).toEqual({ email: [FORM_TEXT.invalidEmail] });
    expect(validateEmailField('email', 'a@b.co')).toEqual({});
  });

  it('requires each missing attribute', () => {
    expect(validateAttributes({ name: ' ', phone_number: '5551234567' })).toEqual({
      name: [FORM_TEXT.required],
    });
  });
});
