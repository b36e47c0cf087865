import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { StepProps } from './form-parts';
import type { LoginStep } from './login-flow';

type LazyStep = LazyExoticComponent<ComponentType<StepProps>>;

/**
 * Every step but Sign In loads on demand: the first paint of the login page must stay inside the
 * shell's first-load budget, and most visitors only ever sign in.
 */
export const LAZY_STEPS: Record<Exclude<LoginStep, 'signIn' | 'done'>, LazyStep> = {
  signUp: lazy(() => import('./sign-up-form').then((m) => ({ default: m.SignUpForm }))),
  forgotPassword: lazy(() =>
    import('./reset-password-forms').then((m) => ({ default: m.ForgotPasswordForm })),
  ),
  confirmResetPassword: lazy(() =>
    import('./reset-password-forms').then((m) => ({ default: m.ConfirmResetPasswordForm })),
  ),
  confirmSignUp: lazy(() =>
    import('./confirm-sign-up-form').then((m) => ({ default: m.ConfirmSignUpForm })),
  ),
  confirmSignIn: lazy(() =>
    import('./confirm-sign-in-form').then((m) => ({ default: m.ConfirmSignInForm })),
  ),
  selectMfaType: lazy(() =>
    import('./select-mfa-type-form').then((m) => ({ default: m.SelectMfaTypeForm })),
  ),
  setupTotp: lazy(() => import('./setup-totp-form').then((m) => ({ default: m.SetupTotpForm }))),
  setupEmail: lazy(() => import('./setup-email-form').then((m) => ({ default: m.SetupEmailForm }))),
  forceNewPassword: lazy(() =>
    import('./force-new-password-form').then((m) => ({ default: m.ForceNewPasswordForm })),
  ),
  verifyUser: lazy(() =>
    import('./verify-user-forms').then((m) => ({ default: m.VerifyUserForm })),
  ),
  confirmVerifyUser: lazy(() =>
    import('./verify-user-forms').then((m) => ({ default: m.ConfirmVerifyUserForm })),
  ),
};
