import type { TrainingEngine } from '@app/shared/contract/models';
import {
  MIN_TRAINING_PHOTOS,
  TRAINING_TEXT,
  morePhotosNeeded,
  photosChecking,
  photosReady,
  trainingDurationNote,
} from '@app/shared/spec';
import { makeStyles, MessageBar, MessageBarBody, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  notes: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalS },
  errors: { margin: 0, paddingLeft: tokens.spacingHorizontalL },
});

export interface TrainingNotesProps {
  /** Photos chosen, whatever their state. */
  chosenCount: number;
  /** Photos a training can use: uploaded and checked. */
  usableCount: number;
  /** Photos still uploaded or checked: they count once checked. */
  pendingCount: number;
  fileErrors: readonly string[];
  startError: string | null;
  /** Where the training will run: how long it takes depends on it. */
  engine: TrainingEngine | undefined;
}

/**
 * Under the photos: refused files, the count note of spec §2 (none, '{n} more photos needed',
 * '{n} photos ready for training'; while photos are checked, how many are ready so far), how
 * long training takes where it will run, and a failed start.
 */
export function TrainingNotes({
  chosenCount,
  usableCount,
  pendingCount,
  fileErrors,
  startError,
  engine,
}: TrainingNotesProps) {
  const styles = useStyles();
  const missing = MIN_TRAINING_PHOTOS - usableCount;
  return (
    <div className={styles.notes}>
      {fileErrors.length > 0 ? (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>
            <ul className={styles.errors}>
              {fileErrors.map((error) => (
                <li key={error}>{error}</li>
              ))}
            </ul>
          </MessageBarBody>
        </MessageBar>
      ) : null}
      {chosenCount === 0 ? (
        <MessageBar intent="info" data-testid="photo-count-note">
          <MessageBarBody>{TRAINING_TEXT.notEnoughPhotos}</MessageBarBody>
        </MessageBar>
      ) : null}
      {pendingCount > 0 ? (
        <MessageBar intent="info" data-testid="photo-count-note">
          <MessageBarBody>{photosChecking(usableCount, pendingCount)}</MessageBarBody>
        </MessageBar>
      ) : null}
      {chosenCount > 0 && pendingCount === 0 && missing > 0 ? (
        <MessageBar intent="warning" data-testid="photo-count-note">
          <MessageBarBody>{morePhotosNeeded(missing)}</MessageBarBody>
        </MessageBar>
      ) : null}
      {pendingCount === 0 && missing <= 0 ? (
        <MessageBar intent="success" data-testid="photo-count-note">
          <MessageBarBody>{photosReady(usableCount)}</MessageBarBody>
        </MessageBar>
      ) : null}
      <MessageBar intent="info">
        <MessageBarBody>{trainingDurationNote(engine)}</MessageBarBody>
      </MessageBar>
      {startError ? (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{startError}</MessageBarBody>
        </MessageBar>
      ) : null}
    </div>
  );
}
