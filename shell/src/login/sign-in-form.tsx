import { LOGIN_TEXT } from '@app/shared/spec';
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import {
  FormActions,
  LinkButton,
  StepForm,
  SubmitButton,
  TextField,
  useFormValues,
  type StepProps,
} from './form-parts';
import { isGoogleSignInConfigured, validateSignInForm } from './login-forms';
import { LOGIN_STEP_TEXT } from './texts';
import { amplifyConfig } from '../auth/load-amplify';

const useStyles = makeStyles({
  divider: {
    width: '100%',
    margin: 0,
    border: 'none',
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
});

export function SignInForm({ state, actions }: StepProps) {
  const styles = useStyles();
  const form = useFormValues({ username: state.username, password: '' });
  const errors = validateSignInForm(form.values);
  const shown = form.shownErrors(errors);
  const googleOffered = isGoogleSignInConfigured(amplifyConfig());

  return (
    <StepForm
      heading={LOGIN_TEXT.signInHeader}
      onSubmit={() =>
        form.submit(errors, () => actions.signIn(form.values.username.trim(), form.values.password))
      }
    >
      <TextField
        label={LOGIN_TEXT.usernameLabel}
        type="email"
        autoComplete="username"
        {...form.bind('username', shown)}
      />
      <TextField
        label={LOGIN_STEP_TEXT.passwordLabel}
        type="password"
        autoComplete="current-password"
        {...form.bind('password', shown)}
      />
      <FormActions>
        <SubmitButton
          busy={state.busy}
          label={LOGIN_STEP_TEXT.signIn}
          busyLabel={LOGIN_STEP_TEXT.signingIn}
        />
        {googleOffered && (
          <Button type="button" disabled={state.busy} onClick={actions.signInWithGoogle}>
            {LOGIN_TEXT.signInWithGoogle}
          </Button>
        )}
      </FormActions>
      <hr className={styles.divider} />
      <LinkButton onClick={() => actions.navigate('forgotPassword')}>
        {LOGIN_TEXT.forgotPassword}
      </LinkButton>
    </StepForm>
  );
}
