import { LOGIN_TEXT } from '@app/shared/spec';
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { useInsertionEffect, useLayoutEffect, useRef, useState } from 'react';
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
import { carriedSignInInput, type CarriedSignInInput } from '../first-paint/prerendered-home';

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
  // Replacing the prerendered card: what was typed there (or filled in by a password manager)
  // stays, and so does the focus. Read while rendering, and again as the commit starts, before
  // any layout effect moves the focus or removes the card: the first render is time-sliced, so
  // keys typed between the two land in the card and are taken from there.
  const [carried, setCarried] = useState(carriedSignInInput);
  const renderedInput = useRef(carried);
  const inputAtCommit = useRef<CarriedSignInInput | null>(null);
  const form = useFormValues({
    username: carried?.username || state.username,
    password: carried?.password ?? '',
  });
  const { setValue } = form;
  useInsertionEffect(() => {
    inputAtCommit.current = carriedSignInInput();
  }, []);
  useLayoutEffect(() => {
    const rendered = renderedInput.current;
    const atCommit = inputAtCommit.current;
    if (!rendered || !atCommit) return;
    renderedInput.current = inputAtCommit.current = null;
    if (atCommit.username !== rendered.username) setValue('username', atCommit.username);
    if (atCommit.password !== rendered.password) setValue('password', atCommit.password);
    if (atCommit.focused !== rendered.focused) setCarried(atCommit);
  }, [setValue]);
  const errors = validateSignInForm(form.values);
  const shown = form.shownErrors(errors);
  const googleOffered = isGoogleSignInConfigured(amplifyConfig());

  return (
    <StepForm
      heading={LOGIN_TEXT.signInHeader}
      focusField={carried?.focused ?? undefined}
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
