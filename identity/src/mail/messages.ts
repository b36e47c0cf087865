import type { CodePurpose } from '../db/schema';
import type { MailMessage } from './mailer';

/** Cognito's default message templates, one per kind of code. */
const TEMPLATES: Record<CodePurpose, { subject: string; text: (code: string) => string }> = {
  sign_up: {
    subject: 'Your verification code',
    text: (code) => `Your confirmation code is ${code}`,
  },
  verify_email: {
    subject: 'Your verification code',
    text: (code) => `Your verification code is ${code}`,
  },
  reset_password: {
    subject: 'Your password reset code',
    text: (code) => `Your password reset code is ${code}`,
  },
  email_mfa: {
    subject: 'Your sign-in code',
    text: (code) => `Your authentication code is ${code}`,
  },
};

export function codeMail(purpose: CodePurpose, to: string, code: string): MailMessage {
  const template = TEMPLATES[purpose];
  return { to, subject: template.subject, text: template.text(code) };
}
