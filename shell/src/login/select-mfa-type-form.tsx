import { Field, Radio, RadioGroup } from '@fluentui/react-components';
import type { MfaMethod } from '@app/shared/spec';
import { useState } from 'react';
import {
  BackToSignInLink,
  FormActions,
  StepForm,
  SubmitButton,
  type StepProps,
} from './form-parts';
import { LOGIN_STEP_TEXT, MFA_TYPE_LABELS } from './texts';

/** Choose the second factor to use now, or the one to set up (§4 SELECT_MFA_TYPE, MFA_SETUP). */
export function SelectMfaTypeForm({ state, actions }: StepProps) {
  const [choice, setChoice] = useState<MfaMethod | undefined>(state.allowedMfaTypes[0]);
  const heading =
    state.mfaSelectionPurpose === 'setup'
      ? LOGIN_STEP_TEXT.setupMfaHeader
      : LOGIN_STEP_TEXT.selectMfaHeader;
  return (
    <StepForm heading={heading} onSubmit={() => choice && actions.confirmSignIn(choice)}>
      <Field label={LOGIN_STEP_TEXT.mfaTypeLabel} required>
        <RadioGroup
          value={choice ?? ''}
          onChange={(_event, data) => setChoice(data.value as MfaMethod)}
        >
          {state.allowedMfaTypes.map((type) => (
            <Radio key={type} value={type} label={MFA_TYPE_LABELS[type]} />
          ))}
        </RadioGroup>
      </Field>
      <FormActions>
        <SubmitButton
          busy={state.busy}
          disabled={!choice}
          label={LOGIN_STEP_TEXT.confirm}
          busyLabel={LOGIN_STEP_TEXT.confirming}
        />
      </FormActions>
      <BackToSignInLink actions={actions} />
    </StepForm>
  );
}
