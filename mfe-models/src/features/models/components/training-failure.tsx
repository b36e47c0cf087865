import { MODELS_TEXT, PHOTO_PROBLEM_TEXT, MIN_TRAINING_PHOTOS } from '@app/shared/spec';
import type { PhotoProblem } from '@app/shared/contract/models';
import { Button, makeStyles, Spinner, tokens } from '@fluentui/react-components';
import { ArrowClockwiseRegular, ErrorCircleRegular } from '@fluentui/react-icons';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorPaletteRedBackground1,
    border: `1px solid ${tokens.colorPaletteRedBorder1}`,
  },
  reason: {
    display: 'flex',
    columnGap: tokens.spacingHorizontalS,
    margin: 0,
    color: tokens.colorNeutralForeground1,
    overflowWrap: 'anywhere',
  },
  icon: { flexShrink: 0, fontSize: '20px', color: tokens.colorPaletteRedForeground1 },
  heading: { margin: 0, fontWeight: tokens.fontWeightSemibold },
  list: { margin: 0, paddingLeft: tokens.spacingHorizontalXXL, overflowWrap: 'anywhere' },
  advice: { margin: 0, color: tokens.colorNeutralForeground2 },
  retry: { alignSelf: 'flex-start', minHeight: '44px' },
});

export interface TrainingFailureProps {
  reason: string | null;
  refused: readonly { imageId: string; filename: string; problem: string }[];
  usableCount: number;
  retrying: boolean;
  retryDisabled: boolean;
  onRetry: () => void;
}

/**
 * The engine's reason names the refused photos after its first sentence; when they are listed
 * below (from the photos' own checks), the first sentence says the rest.
 */
function leadSentence(reason: string): string {
  return reason.split(/(?<=\.)\s/)[0] ?? reason;
}

/** Why a training failed, the photos that caused it, and Retry on the photos the model has now. */
export function TrainingFailure({
  reason,
  refused,
  usableCount,
  retrying,
  retryDisabled,
  onRetry,
}: TrainingFailureProps) {
  const styles = useStyles();
  return (
    <div className={styles.root} data-testid="training-failure">
      {reason ? (
        <p className={styles.reason}>
          <ErrorCircleRegular className={styles.icon} aria-hidden />
          <span>{refused.length > 0 ? leadSentence(reason) : reason}</span>
        </p>
      ) : null}
      <p className={styles.advice}>{MODELS_TEXT.failedSlotFree}</p>
      {refused.length > 0 ? (
        <>
          <p className={styles.heading}>{MODELS_TEXT.failedPhotosHeading}</p>
          <ul className={styles.list}>
            {refused.map((photo) => (
              <li key={photo.imageId}>
                {photo.filename}:{' '}
                {PHOTO_PROBLEM_TEXT[photo.problem as PhotoProblem] ?? photo.problem}
              </li>
            ))}
          </ul>
          {usableCount < MIN_TRAINING_PHOTOS ? (
            <p className={styles.advice}>{MODELS_TEXT.retryNeedsPhotos}</p>
          ) : null}
        </>
      ) : null}
      <Button
        className={styles.retry}
        icon={retrying ? <Spinner size="tiny" /> : <ArrowClockwiseRegular />}
        disabled={(retryDisabled || usableCount < MIN_TRAINING_PHOTOS) && !retrying}
        disabledFocusable={retrying}
        onClick={onRetry}
      >
        {retrying ? MODELS_TEXT.retrying : MODELS_TEXT.retryTraining}
      </Button>
    </div>
  );
}
