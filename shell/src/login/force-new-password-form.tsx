import { DEFAULT_DIAL_CODE, normalizePhoneNumber, trimFormValues } from '@app/shared/spec';
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
import { passwordPolicyOf, validateAttributes, validateNewPasswordPair } from './login-forms';
import { PhoneNumberField } from './phone-number-field';
import { ATTRIBUTE_LABELS, LOGIN_STEP_TEXT } from './texts';
import { amplifyConfig } from '../auth/load-amplify';

const labelOf = (attribute: string) => ATTRIBUTE_LABELS[attribute] ?? attribute;

/** NEW_PASSWORD_REQUIRED: a new password, plus any required attribute the account lacks. */
export function ForceNewPasswordForm({ state, actions }: StepProps) {
  const form = useFormValues({ password: '', confirm_password: '' });
  const [attributes, setAttributes] = useState<Record<string, string>>(() =>
    Object.fromEntries(state.missingAttributes.map((attribute) => [attribute, ''])),
  );
  const [dialCode, setDialCode] = useState(DEFAULT_DIAL_CODE);
  const policy = passwordPolicyOf(amplifyConfig());
  const errorsWith = (touched: { password: boolean; confirm_password: boolean }) => ({
    ...validateNewPasswordPair(form.values, touched, policy),
    ...validateAttributes(attributes),
  });
  const shown = form.shownErrors(
    errorsWith({
      password: form.isTouched('password'),
      confirm_password: form.isTouched('confirm_password'),
    }),
  );
  const setAttribute = (attribute: string, value: string) =>
    setAttributes((current) => ({ ...current, [attribute]: value }));

  const submit = () =>
    form.submit(errorsWith({ password: true, confirm_password: true }), () => {
      const userAttributes = trimFormValues(attributes);
      if (userAttributes.phone_number !== undefined) {
        userAttributes.phone_number = normalizePhoneNumber(dialCode, userAttributes.phone_number);
      }
      actions.confirmSignIn(form.values.password, userAttributes);
    });

  return (
    <StepForm heading={LOGIN_STEP_TEXT.changePassword} onSubmit={submit}>
      <NewPasswordField
        label={LOGIN_STEP_TEXT.newPasswordLabel}
        {...form.bind('password', shown)}
      />
      <NewPasswordField
        label={LOGIN_STEP_TEXT.confirmPasswordLabel}
        {...form.bind('confirm_password', shown)}
      />
      {state.missingAttributes.map((attribute) =>
        attribute === 'phone_number' ? (
          <PhoneNumberField
            key={attribute}
            label={labelOf(attribute)}
            dialCode={dialCode}
            number={attributes[attribute] ?? ''}
            errors={shown[attribute]}
            onDialCodeChange={setDialCode}
            onNumberChange={(value) => setAttribute(attribute, value)}
            onBlur={() => form.touch(attribute)}
          />
        ) : (
          <TextField
            key={attribute}
            label={labelOf(attribute)}
            name={attribute}
            type={attribute === 'email' ? 'email' : 'text'}
            value={attributes[attribute] ?? ''}
            errors={shown[attribute]}
            onChange={(value) => setAttribute(attribute, value)}
            onBlur={() => form.touch(attribute)}
          />
        ),
      )}
      <FormActions>
        <SubmitButton
          busy={state.busy}
          label={LOGIN_STEP_TEXT.changePassword}
          busyLabel={LOGIN_STEP_TEXT.changingPassword}
        />
      </FormActions>
      <BackToSignInLink actions={actions} />
    </StepForm>
  );
}
