/**
 * Sign-in widget texts the spec leaves unworded (buttons, labels, step headers). They follow the
 * hosted widget's wording and belong in @app/shared/spec's LOGIN_TEXT once reviewed; nothing here
 * repeats a text that shared already has.
 */
export const LOGIN_STEP_TEXT = {
  passwordLabel: 'Password',
  confirmPasswordLabel: 'Confirm Password',
  newPasswordLabel: 'New Password',
  emailLabel: 'Email',
  codeLabel: 'Code',
  confirmationCodeLabel: 'Confirmation Code',
  phoneNumberLabel: 'Phone Number',
  countryCodeLabel: 'Country Code',
  signIn: 'Sign in',
  signingIn: 'Signing in',
  createAccount: 'Create Account',
  creatingAccount: 'Creating Account',
  sendCode: 'Send code',
  sending: 'Sending',
  submit: 'Submit',
  submitting: 'Submitting',
  confirm: 'Confirm',
  confirming: 'Confirming',
  resendCode: 'Resend Code',
  verify: 'Verify',
  skip: 'Skip',
  verifyContactLabel: 'Contact to verify',
  changePassword: 'Change Password',
  changingPassword: 'Changing',
  copy: 'Copy',
  copied: 'Copied',
  orDivider: 'or',
  confirmSignUpHeader: 'We Emailed You',
  confirmSignUpTextedHeader: 'We Texted You',
  confirmSignUpSentHeader: 'We Sent A Code',
  confirmSmsHeader: 'Confirm SMS Code',
  confirmTotpHeader: 'Confirm TOTP Code',
  confirmEmailHeader: 'Confirm Email Code',
  customChallengeHeader: 'Confirm Sign In',
  selectMfaHeader: 'Multi-Factor Authentication',
  setupMfaHeader: 'Multi-Factor Authentication Setup',
  mfaTypeLabel: 'Select MFA Type',
  setupTotpHeader: 'Setup TOTP',
  setupEmailHeader: 'Setup Email',
  setupEmailHint: 'Enter the email address that will receive your sign-in codes.',
  secretKeyLabel: 'Secret key',
  qrCodeAlt: 'QR code for your authenticator app',
  termsPrefix: 'I agree to the',
  termsLink: 'Terms and Conditions',
  termsJoin: 'and',
  privacyLink: 'Privacy Policy',
} as const;

/** How the MFA choice list names each method. */
export const MFA_TYPE_LABELS = {
  SMS: 'Text Message (SMS)',
  TOTP: 'Authenticator App (TOTP)',
  EMAIL: 'Email Message',
} as const;

/** Labels for attributes a forced password change may ask for; `name` is the product's Full Name. */
export const ATTRIBUTE_LABELS: Readonly<Record<string, string>> = {
  birthdate: 'Birthdate',
  email: 'Email',
  family_name: 'Family Name',
  given_name: 'Given Name',
  middle_name: 'Middle Name',
  name: 'Full Name',
  nickname: 'Nickname',
  phone_number: 'Phone Number',
  preferred_username: 'Preferred Username',
  profile: 'Profile',
  website: 'Website',
};

/** The issuer an authenticator app shows next to the account (§9: a Cognito-style default). */
export const TOTP_ISSUER = 'AWSCognito';
