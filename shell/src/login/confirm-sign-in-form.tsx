import {
  BackToSignInLink,
  CodeDeliveryNote,
  CodeField,
  FormActions,
  StepForm,
  SubmitButton,
  useFormValues,
  type StepProps,
} from './form-parts';
import type { SignInChallenge } from './login-flow';
import { validateRequiredField } from './login-forms';
import { LOGIN_STEP_TEXT } from './texts';

const HEADINGS: Record<SignInChallenge, string> = {
  SMS: LOGIN_STEP_TEXT.confirmSmsHeader,
  TOTP: LOGIN_STEP_TEXT.confirmTotpHeader,
  EMAIL: LOGIN_STEP_TEXT.confirmEmailHeader,
  CUSTOM: LOGIN_STEP_TEXT.customChallengeHeader,
};

/** The second factor: a code from the authenticator app, an e-mail or a text message. */
export function ConfirmSignInForm({ state, actions }: StepProps) {
  const form = useFormValues({ confirmation_code: '' });
  const errors = validateRequiredField('confirmation_code', form.values.confirmation_code);
  const shown = form.shownErrors(errors);
  const challenge = state.challenge ?? 'TOTP';
  const codeWasSent = challenge === 'SMS' || challenge === 'EMAIL';
  return (
    <StepForm
      heading={HEADINGS[challenge]}
      onSubmit={() =>
        form.submit(errors, () => actions.confirmSignIn(form.values.confirmation_code.trim()))
      }
    >
      {codeWasSent && <CodeDeliveryNote codeDelivery={state.codeDelivery} />}
      <CodeField
        inputMode={challenge === 'CUSTOM' ? 'text' : 'numeric'}
        {...form.bind('confirmation_code', shown)}
      />
      <FormActions>
        <SubmitButton
          busy={state.busy}
          label={LOGIN_STEP_TEXT.confirm}
          busyLabel={LOGIN_STEP_TEXT.confirming}
        />
      </FormActions>
      <BackToSignInLink actions={actions} />
    </StepForm>
  );
}
