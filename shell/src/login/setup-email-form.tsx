import { Text } from '@fluentui/react-components';
import {
  BackToSignInLink,
  FormActions,
  StepForm,
  SubmitButton,
  TextField,
  useFormValues,
  type StepProps,
} from './form-parts';
import { validateEmailField } from './login-forms';
import { LOGIN_STEP_TEXT } from './texts';

/** E-mail as the second factor: the address is the challenge answer, a code follows. */
export function SetupEmailForm({ state, actions }: StepProps) {
  const form = useFormValues({ email: '' });
  const errors = validateEmailField('email', form.values.email);
  const shown = form.shownErrors(errors);
  return (
    <StepForm
      heading={LOGIN_STEP_TEXT.setupEmailHeader}
      onSubmit={() => form.submit(errors, () => actions.confirmSignIn(form.values.email.trim()))}
    >
      <Text>{LOGIN_STEP_TEXT.setupEmailHint}</Text>
      <TextField
        label={LOGIN_STEP_TEXT.emailLabel}
        type="email"
        autoComplete="email"
        {...form.bind('email', shown)}
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
