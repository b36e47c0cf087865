import { Button } from '@fluentui/react-components';
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
import type { CodeDelivery } from './login-flow';
import { validateRequiredField } from './login-forms';
import { LOGIN_STEP_TEXT } from './texts';

function confirmSignUpHeading(codeDelivery: CodeDelivery | null): string {
  switch (codeDelivery?.deliveryMedium) {
    case 'EMAIL':
      return LOGIN_STEP_TEXT.confirmSignUpHeader;
    case 'SMS':
      return LOGIN_STEP_TEXT.confirmSignUpTextedHeader;
    default:
      return LOGIN_STEP_TEXT.confirmSignUpSentHeader;
  }
}

export function ConfirmSignUpForm({ state, actions }: StepProps) {
  const form = useFormValues({ confirmation_code: '' });
  const errors = validateRequiredField('confirmation_code', form.values.confirmation_code);
  const shown = form.shownErrors(errors);
  return (
    <StepForm
      heading={confirmSignUpHeading(state.codeDelivery)}
      onSubmit={() =>
        form.submit(errors, () => actions.confirmSignUp(form.values.confirmation_code))
      }
    >
      <CodeDeliveryNote codeDelivery={state.codeDelivery} />
      <CodeField
        label={LOGIN_STEP_TEXT.confirmationCodeLabel}
        {...form.bind('confirmation_code', shown)}
      />
      <FormActions>
        <SubmitButton
          busy={state.busy}
          label={LOGIN_STEP_TEXT.confirm}
          busyLabel={LOGIN_STEP_TEXT.confirming}
        />
        <Button type="button" disabled={state.busy} onClick={actions.resendSignUpCode}>
          {LOGIN_STEP_TEXT.resendCode}
        </Button>
      </FormActions>
      <BackToSignInLink actions={actions} />
    </StepForm>
  );
}
