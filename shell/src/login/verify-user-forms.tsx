import { LOGIN_TEXT, maskEmail, maskPhoneNumber } from '@app/shared/spec';
import { Button, Field, Radio, RadioGroup } from '@fluentui/react-components';
import { useState } from 'react';
import {
  CodeDeliveryNote,
  CodeField,
  FormActions,
  StepForm,
  SubmitButton,
  useFormValues,
  type StepProps,
} from './form-parts';
import type { ContactAttribute } from './login-flow';
import { validateRequiredField } from './login-forms';
import { ATTRIBUTE_LABELS, LOGIN_STEP_TEXT } from './texts';

function maskedContact(contact: ContactAttribute, value: string): string {
  return contact === 'email' ? maskEmail(value) : maskPhoneNumber(value);
}

function SkipButton({ state, actions }: StepProps) {
  return (
    <Button
      type="button"
      appearance="transparent"
      disabled={state.busy}
      onClick={actions.skipVerification}
    >
      {LOGIN_STEP_TEXT.skip}
    </Button>
  );
}

/** After sign-in with an unverified e-mail or phone: pick one to verify, or skip (§4). */
export function VerifyUserForm({ state, actions }: StepProps) {
  const contacts = Object.entries(state.unverifiedContacts) as [ContactAttribute, string][];
  const [choice, setChoice] = useState<ContactAttribute | undefined>(contacts[0]?.[0]);
  return (
    <StepForm
      heading={LOGIN_TEXT.verifiedContactRequired}
      onSubmit={() => choice && actions.sendVerificationCode(choice)}
    >
      <Field label={LOGIN_STEP_TEXT.verifyContactLabel} required>
        <RadioGroup
          value={choice ?? ''}
          onChange={(_event, data) => setChoice(data.value as ContactAttribute)}
        >
          {contacts.map(([contact, value]) => (
            <Radio
              key={contact}
              value={contact}
              label={`${ATTRIBUTE_LABELS[contact]}: ${maskedContact(contact, value)}`}
            />
          ))}
        </RadioGroup>
      </Field>
      <FormActions>
        <SubmitButton
          busy={state.busy}
          disabled={!choice}
          label={LOGIN_STEP_TEXT.verify}
          busyLabel={LOGIN_STEP_TEXT.sending}
        />
        <SkipButton state={state} actions={actions} />
      </FormActions>
    </StepForm>
  );
}

export function ConfirmVerifyUserForm({ state, actions }: StepProps) {
  const form = useFormValues({ confirmation_code: '' });
  const errors = validateRequiredField('confirmation_code', form.values.confirmation_code);
  const shown = form.shownErrors(errors);
  return (
    <StepForm
      heading={LOGIN_TEXT.verifiedContactRequired}
      onSubmit={() =>
        form.submit(errors, () => actions.confirmVerification(form.values.confirmation_code))
      }
    >
      <CodeDeliveryNote codeDelivery={state.codeDelivery} />
      <CodeField {...form.bind('confirmation_code', shown)} />
      <FormActions>
        <SubmitButton
          busy={state.busy}
          label={LOGIN_STEP_TEXT.submit}
          busyLabel={LOGIN_STEP_TEXT.submitting}
        />
        <SkipButton state={state} actions={actions} />
      </FormActions>
    </StepForm>
  );
}
