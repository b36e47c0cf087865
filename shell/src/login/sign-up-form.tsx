import { COMMON_TEXT, LOGIN_TEXT, socialButtonLabel } from '@app/shared/spec';
import { Button, Checkbox, Field, Link } from '@fluentui/react-components';
import { useState } from 'react';
import {
  BackToSignInLink,
  FormActions,
  NewPasswordField,
  StepForm,
  SubmitButton,
  TextField,
  useFormValues,
  type StepProps,
} from './form-parts';
import { isGoogleSignInConfigured, passwordPolicyOf, validateSignUpForm } from './login-forms';
import { siteLinks } from '../site-links';
import { LOGIN_STEP_TEXT } from './texts';
import { amplifyConfig } from '../auth/load-amplify';

/** A page of the operator's; plain text when the deployment does not name one. */
function ExternalLink({ href, children }: { href: string | undefined; children: string }) {
  if (!href) return <>{children}</>;
  return (
    <Link href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </Link>
  );
}

export function SignUpForm({ state, actions }: StepProps) {
  const { terms, privacy } = siteLinks();
  const form = useFormValues({ name: '', email: '', password: '', confirm_password: '' });
  const [termsAccepted, setTermsAccepted] = useState(false);
  const config = amplifyConfig();
  const policy = passwordPolicyOf(config);
  const touched = {
    password: form.isTouched('password'),
    confirm_password: form.isTouched('confirm_password'),
  };
  const errors = validateSignUpForm(form.values, touched, policy, termsAccepted);
  const shown = form.shownErrors(errors);
  const everyFieldTouched = { password: true, confirm_password: true };

  return (
    <StepForm
      heading={LOGIN_TEXT.signUpHeader}
      onSubmit={() =>
        form.submit(validateSignUpForm(form.values, everyFieldTouched, policy, termsAccepted), () =>
          actions.signUp(form.values),
        )
      }
    >
      <BackToSignInLink actions={actions} />
      <TextField label={COMMON_TEXT.fullName} autoComplete="name" {...form.bind('name', shown)} />
      <TextField
        label={LOGIN_STEP_TEXT.emailLabel}
        type="email"
        autoComplete="email"
        {...form.bind('email', shown)}
      />
      {/*
        §2's hidden, optional username. The e-mail is the username (§3), and this field says so
        to password managers, which save the new password under it.
      */}
      <input
        type="text"
        name="username"
        autoComplete="username"
        value={form.values.email.trim()}
        readOnly
        hidden
      />
      <NewPasswordField label={LOGIN_STEP_TEXT.passwordLabel} {...form.bind('password', shown)} />
      <NewPasswordField
        label={LOGIN_STEP_TEXT.confirmPasswordLabel}
        {...form.bind('confirm_password', shown)}
      />
      <Field
        required
        validationState={shown.terms ? 'error' : 'none'}
        validationMessage={shown.terms?.[0]}
      >
        <Checkbox
          name="terms"
          checked={termsAccepted}
          onChange={(_event, data) => setTermsAccepted(data.checked === true)}
          label={
            <>
              {LOGIN_STEP_TEXT.termsPrefix}{' '}
              <ExternalLink href={terms}>{LOGIN_STEP_TEXT.termsLink}</ExternalLink>{' '}
              {LOGIN_STEP_TEXT.termsJoin}{' '}
              <ExternalLink href={privacy}>{LOGIN_STEP_TEXT.privacyLink}</ExternalLink>
            </>
          }
        />
      </Field>
      <FormActions>
        <SubmitButton
          busy={state.busy}
          label={LOGIN_STEP_TEXT.createAccount}
          busyLabel={LOGIN_STEP_TEXT.creatingAccount}
        />
        {isGoogleSignInConfigured(config) && (
          <Button type="button" disabled={state.busy} onClick={actions.signInWithGoogle}>
            {socialButtonLabel('Google', 'signUp')}
          </Button>
        )}
      </FormActions>
    </StepForm>
  );
}
