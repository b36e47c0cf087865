import { LOGIN_TEXT } from '@app/shared/spec';
import { Button } from '@fluentui/react-components';
import {
  BackToSignInLink,
  CodeDeliveryNote,
  CodeField,
  FormActions,
  NewPasswordField,
  StepForm,
  SubmitButton,
  TextField,
  useFormValues,
  type StepProps,
} from './form-parts';
import { passwordPolicyOf, validateNewPasswordPair, validateRequiredField } from './login-forms';
import { LOGIN_STEP_TEXT } from './texts';
import { amplifyConfig } from '../auth/load-amplify';

export function ForgotPasswordForm({ state, actions }: StepProps) {
  const form = useFormValues({ username: state.username });
  const errors = validateRequiredField('username', form.values.username);
  const shown = form.shownErrors(errors);
  return (
    <StepForm
      heading={LOGIN_TEXT.resetPasswordHeader}
      onSubmit={() => form.submit(errors, () => actions.resetPassword(form.values.username.trim()))}
    >
      <TextField
        label={LOGIN_TEXT.usernameLabel}
        type="email"
        autoComplete="username"
        {...form.bind('username', shown)}
      />
      <FormActions>
        <SubmitButton
          busy={state.busy}
          label={LOGIN_STEP_TEXT.sendCode}
          busyLabel={LOGIN_STEP_TEXT.sending}
        />
      </FormActions>
      <BackToSignInLink actions={actions} />
    </StepForm>
  );
}

export function ConfirmResetPasswordForm({ state, actions }: StepProps) {
  const form = useFormValues({ confirmation_code: '', password: '', confirm_password: '' });
  const policy = passwordPolicyOf(amplifyConfig());
  const errorsWith = (touched: { password: boolean; confirm_password: boolean }) => ({
    ...validateRequiredField('confirmation_code', form.values.confirmation_code),
    ...validateNewPasswordPair(form.values, touched, policy),
  });
  const shown = form.shownErrors(
    errorsWith({
      password: form.isTouched('password'),
      confirm_password: form.isTouched('confirm_password'),
    }),
  );

  return (
    <StepForm
      heading={LOGIN_TEXT.resetPasswordHeader}
      onSubmit={() =>
        form.submit(errorsWith({ password: true, confirm_password: true }), () =>
          actions.confirmResetPassword(form.values.confirmation_code, form.values.password),
        )
      }
    >
      <CodeDeliveryNote codeDelivery={state.codeDelivery} />
      <CodeField {...form.bind('confirmation_code', shown)} />
      <NewPasswordField
        label={LOGIN_STEP_TEXT.newPasswordLabel}
        {...form.bind('password', shown)}
      />
      <NewPasswordField
        label={LOGIN_STEP_TEXT.confirmPasswordLabel}
        {...form.bind('confirm_password', shown)}
      />
      <FormActions>
        <SubmitButton
          busy={state.busy}
          label={LOGIN_STEP_TEXT.submit}
          busyLabel={LOGIN_STEP_TEXT.submitting}
        />
        <Button
          type="button"
          disabled={state.busy}
          onClick={() => actions.resetPassword(state.username)}
        >
          {LOGIN_STEP_TEXT.resendCode}
        </Button>
      </FormActions>
      <BackToSignInLink actions={actions} />
    </StepForm>
  );
}
