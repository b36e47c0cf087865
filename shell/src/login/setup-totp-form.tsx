import { LOGIN_TEXT } from '@app/shared/spec';
import { Button, Field, Input, makeStyles, Text, tokens } from '@fluentui/react-components';
import { toDataURL } from 'qrcode';
import { useEffect, useState } from 'react';
import {
  BackToSignInLink,
  CodeField,
  FormActions,
  StepForm,
  SubmitButton,
  useFormValues,
  type StepProps,
} from './form-parts';
import { validateRequiredField } from './login-forms';
import { LOGIN_STEP_TEXT } from './texts';

const QR_SIZE_PX = 200;

const useStyles = makeStyles({
  qr: { alignSelf: 'center', width: `${QR_SIZE_PX}px`, height: `${QR_SIZE_PX}px` },
  secret: { display: 'flex', columnGap: tokens.spacingHorizontalS },
  secretInput: { flexGrow: 1, fontFamily: tokens.fontFamilyMonospace },
});

function QrCode({ text }: { text: string }) {
  const styles = useStyles();
  const [dataUrl, setDataUrl] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    toDataURL(text, { width: QR_SIZE_PX, margin: 1 }).then(
      (url) => current && setDataUrl(url),
      // Without the picture the secret below still sets the app up.
      (error: unknown) => console.error('Could not draw the TOTP QR code', error),
    );
    return () => {
      current = false;
    };
  }, [text]);
  return dataUrl ? (
    <img className={styles.qr} src={dataUrl} alt={LOGIN_STEP_TEXT.qrCodeAlt} />
  ) : (
    <div className={styles.qr} />
  );
}

function CopyableSecret({ secret }: { secret: string }) {
  const styles = useStyles();
  const [copied, setCopied] = useState(false);
  const copy = () =>
    navigator.clipboard.writeText(secret).then(
      () => setCopied(true),
      // Clipboard refused (permissions, insecure origin): the field stays selectable by hand.
      () => setCopied(false),
    );
  return (
    <Field label={LOGIN_STEP_TEXT.secretKeyLabel}>
      <div className={styles.secret}>
        <Input
          className={styles.secretInput}
          value={secret}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button type="button" onClick={() => void copy()}>
          {copied ? LOGIN_STEP_TEXT.copied : LOGIN_STEP_TEXT.copy}
        </Button>
      </div>
    </Field>
  );
}

/** Authenticator-app setup: scan the QR code or paste the secret, then prove it with a code. */
export function SetupTotpForm({ state, actions }: StepProps) {
  const form = useFormValues({ confirmation_code: '' });
  const errors = validateRequiredField('confirmation_code', form.values.confirmation_code);
  const shown = form.shownErrors(errors);
  return (
    <StepForm
      heading={LOGIN_STEP_TEXT.setupTotpHeader}
      onSubmit={() =>
        form.submit(errors, () => actions.confirmSignIn(form.values.confirmation_code.trim()))
      }
    >
      {state.totpSetup && <QrCode text={state.totpSetup.setupUri} />}
      <Text>{LOGIN_TEXT.totpSetupInstructions}</Text>
      {state.totpSetup && <CopyableSecret secret={state.totpSetup.sharedSecret} />}
      <CodeField {...form.bind('confirmation_code', shown)} />
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
