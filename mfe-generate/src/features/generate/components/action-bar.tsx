import { GENERATE_TEXT, type GenerationMode } from '@app/shared/spec';
import { Button, makeStyles, mergeClasses, Spinner, tokens } from '@fluentui/react-components';
import { ImageEditRegular, SparkleRegular } from '@fluentui/react-icons';
import { useId } from 'react';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalS },
  action: { flexGrow: 1, minHeight: '48px', fontSize: tokens.fontSizeBase400 },
  reason: {
    margin: 0,
    fontSize: tokens.fontSizeBase300,
    color: tokens.colorNeutralForeground2,
    textAlign: 'center',
  },
  error: { color: tokens.colorPaletteRedForeground1 },
});

/**
 * The action (spec §2): 'Generate Image' or 'Edit Image', 'Generating...' while busy; disabled
 * while busy or while the form is invalid, with the reason under it, so the spec's message says
 * what is missing; without a ready model, 'Train your model first'.
 */
export function ActionBar({
  mode,
  busy,
  hasReadyModel,
  reason,
  submitError,
  onSubmit,
}: {
  mode: GenerationMode;
  busy: boolean;
  hasReadyModel: boolean;
  /** The first rule the form breaks (spec §5), or null when it can be sent. */
  reason: string | null;
  /** A rule found broken only on sending (an empty mask). */
  submitError: string | null;
  onSubmit: () => void;
}) {
  const styles = useStyles();
  const reasonId = useId();
  const shown = !hasReadyModel
    ? GENERATE_TEXT.trainModelFirst
    : (submitError ?? (busy ? null : reason));
  const disabled = busy || !hasReadyModel || reason !== null;
  const label = busy
    ? GENERATE_TEXT.generating
    : mode === 'edit'
      ? GENERATE_TEXT.editImage
      : GENERATE_TEXT.generateImage;
  return (
    <div className={styles.root}>
      <Button
        appearance="primary"
        size="large"
        className={styles.action}
        // Focusable while disabled, so the reason (its description and tooltip) is reachable.
        disabledFocusable={disabled}
        aria-describedby={shown ? reasonId : undefined}
        title={!hasReadyModel ? GENERATE_TEXT.trainModelFirst : undefined}
        icon={
          busy ? (
            <Spinner size="tiny" aria-hidden />
          ) : mode === 'edit' ? (
            <ImageEditRegular />
          ) : (
            <SparkleRegular />
          )
        }
        onClick={onSubmit}
        data-testid="generate-action"
      >
        {label}
      </Button>
      {shown ? (
        <p
          id={reasonId}
          className={mergeClasses(styles.reason, submitError !== null && styles.error)}
          role={submitError !== null ? 'alert' : 'status'}
          data-testid="action-reason"
        >
          {shown}
        </p>
      ) : null}
    </div>
  );
}
