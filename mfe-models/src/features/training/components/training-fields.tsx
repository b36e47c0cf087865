import { MODEL_NAME_MAX_LENGTH, TRAINING_TEXT } from '@app/shared/spec';
import { Field, Input, makeStyles, tokens } from '@fluentui/react-components';
import type { KeyboardEvent } from 'react';
import type { useTrainingForm } from '../hooks/use-training-form';

const useStyles = makeStyles({
  fields: {
    display: 'grid',
    // Each field keeps its own height: a two-line hint must not stretch the other input.
    alignItems: 'start',
    gap: tokens.spacingVerticalM,
    gridTemplateColumns: '1fr',
    '@media (min-width: 600px)': {
      gridTemplateColumns: '1fr 1fr',
      columnGap: tokens.spacingHorizontalL,
    },
  },
  // A thumb-sized field with 16 px text (smaller makes iOS zoom the page on focus).
  input: { fontSize: '16px', minHeight: '44px', boxSizing: 'border-box' },
});

/** Refuses a typed space in the trigger word (spec §5). */
function refuseSpace(event: KeyboardEvent<HTMLInputElement>) {
  if (event.key === ' ' || event.key === 'Spacebar') event.preventDefault();
}

/** Model Name and Trigger Word (spec §2, §5), side by side on a wide screen. */
export function TrainingFields({
  form,
  disabled,
}: {
  form: ReturnType<typeof useTrainingForm>;
  disabled: boolean;
}) {
  const styles = useStyles();
  return (
    <div className={styles.fields}>
      <Field
        label={TRAINING_TEXT.modelNameLabel}
        required
        hint={TRAINING_TEXT.modelNameHint}
        validationMessage={form.nameError}
      >
        <Input
          input={{ className: styles.input }}
          value={form.modelName}
          maxLength={MODEL_NAME_MAX_LENGTH}
          autoComplete="off"
          disabled={disabled}
          onChange={(_, data) => form.setModelName(data.value)}
          onBlur={form.touchName}
        />
      </Field>
      <Field
        label={TRAINING_TEXT.triggerWordLabel}
        hint={TRAINING_TEXT.triggerWordHint}
        validationMessage={form.triggerError}
      >
        <Input
          input={{ className: styles.input }}
          value={form.triggerWord}
          placeholder={TRAINING_TEXT.triggerWordPlaceholder}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          disabled={disabled}
          onKeyDown={refuseSpace}
          onChange={(_, data) => form.setTriggerWord(data.value)}
        />
      </Field>
    </div>
  );
}
