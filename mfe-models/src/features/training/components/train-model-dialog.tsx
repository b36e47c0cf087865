import type { StartedTraining, TrainingEngine } from '@app/shared/contract/models';
import { COMMON_TEXT, TRAINING_TEXT, startTrainingLabel } from '@app/shared/spec';
import { IconButton } from '@app/shared/ui/icon-button';
import { viewerIndexAfterDelete } from '@app/shared/ui/photo-viewer-logic';
import { ReturnFocus } from '@app/shared/ui/return-focus';
import { PHONE_MEDIA } from '@app/shared/ui/use-media-query';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  mergeClasses,
  Spinner,
  tokens,
} from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { useId, useState } from 'react';
import { useTrainDialog } from '../hooks/use-train-dialog';
import { PhotoPreviewDialog } from './photo-preview-dialog';
import { TrainingCropDialog, usePhotoCrop } from './training-crop';
import { TrainingFields } from './training-fields';
import { TrainingNotes } from './training-notes';
import { TrainingPhotos } from './training-photos';

const useStyles = makeStyles({
  surface: {
    width: '720px',
    maxWidth: 'calc(100vw - 32px)',
    [PHONE_MEDIA]: {
      // Full screen on phones: the form, the photos and Start in thumb reach.
      inset: '0',
      margin: '0',
      width: '100%',
      maxWidth: '100%',
      height: '100%',
      maxHeight: '100%',
      borderRadius: '0',
      padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalL} calc(${tokens.spacingVerticalL} + env(safe-area-inset-bottom))`,
    },
  },
  body: {
    maxHeight: 'calc(100dvh - 48px)',
    [PHONE_MEDIA]: { height: '100%', maxHeight: '100%', gridTemplateRows: 'auto 1fr auto' },
  },
  content: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalL,
    paddingTop: tokens.spacingVerticalS,
    paddingBottom: tokens.spacingVerticalS,
  },
  // `fluid` actions take the whole row, not its right half: the reason Start cannot be pressed
  // fits beside the buttons without wrapping their labels.
  actions: {
    [PHONE_MEDIA]: {
      display: 'flex',
      flexDirection: 'row',
      flexWrap: 'wrap',
      rowGap: tokens.spacingVerticalS,
      width: '100%',
    },
  },
  button: { minHeight: '44px', [PHONE_MEDIA]: { flexGrow: 1, flexBasis: 0 } },
  start: { [PHONE_MEDIA]: { flexGrow: 2 } },
  // Why Start cannot be pressed, beside it; above the buttons on a phone.
  blocker: {
    margin: 0,
    marginRight: 'auto',
    alignSelf: 'center',
    color: tokens.colorNeutralForeground2,
    fontSize: tokens.fontSizeBase300,
    [PHONE_MEDIA]: { flexBasis: '100%', marginRight: 0, textAlign: 'center' },
  },
});

export interface TrainModelDialogProps {
  open: boolean;
  /** The signed-in user's name: the trigger word starts from it. */
  userName: string;
  /** Where a new training runs (the profile's `trainingEngine`). */
  engine: TrainingEngine | undefined;
  onClose: () => void;
  onStarted: (started: StartedTraining) => void;
}

/**
 * Dialog 'Train New Model' (spec §2, §5): the name and trigger word, 5-20 photos (uploaded as
 * they are chosen, each checked by the api for one clear face), and Start Training, with why it
 * cannot be pressed yet. Cancel throws away what was chosen here, uploads included; closing it
 * (×, Escape) keeps it: the dialog stays mounted, so uploads carry on and come back next time.
 */
export default function TrainModelDialog({
  open,
  userName,
  engine,
  onClose,
  onStarted,
}: TrainModelDialogProps) {
  const styles = useStyles();
  const dialog = useTrainDialog({ open, userName, onStarted });
  const { photos, busy, chosen } = dialog;
  const crop = usePhotoCrop(chosen.replace);
  const [previewIndex, setPreviewIndex] = useState<number | null>(null);
  // Nested in the dialog it was opened from (Fluent then gives that one back when it closes).
  const cropDialog = <TrainingCropDialog crop={crop} />;
  const blockerId = useId();
  const cancel = () => {
    dialog.discard();
    onClose();
  };

  return (
    <Dialog
      open={open}
      modalType="modal"
      onOpenChange={(_, data) => {
        if (!data.open && !busy) onClose();
      }}
    >
      <DialogSurface className={styles.surface}>
        <ReturnFocus />
        <DialogBody className={styles.body}>
          <DialogTitle
            action={
              <IconButton
                appearance="subtle"
                icon={<DismissRegular />}
                label={COMMON_TEXT.close}
                disabled={busy}
                onClick={onClose}
              />
            }
          >
            {TRAINING_TEXT.dialogTitle}
          </DialogTitle>
          <DialogContent className={styles.content}>
            <TrainingFields form={dialog.form} disabled={busy} />
            <TrainingPhotos
              photos={photos}
              disabled={busy}
              onFiles={dialog.addFiles}
              onErrors={dialog.setFileErrors}
              onOpen={setPreviewIndex}
              onCrop={crop.start}
              onRemove={dialog.removePhoto}
              onRetry={(photo) => chosen.retry(photo.key)}
            />
            <TrainingNotes
              chosenCount={photos.length}
              usableCount={dialog.usableCount}
              pendingCount={dialog.pendingCount}
              fileErrors={dialog.fileErrors}
              startError={dialog.startError}
              engine={engine}
            />
          </DialogContent>
          <DialogActions fluid className={styles.actions}>
            {dialog.blocker ? (
              <p id={blockerId} className={styles.blocker} data-testid="start-blocker">
                {dialog.blocker}
              </p>
            ) : null}
            <Button className={styles.button} disabled={busy} onClick={cancel}>
              {COMMON_TEXT.cancel}
            </Button>
            <Button
              className={mergeClasses(styles.button, styles.start)}
              appearance="primary"
              disabled={!dialog.canStart && !busy}
              disabledFocusable={busy}
              aria-describedby={dialog.blocker ? blockerId : undefined}
              icon={busy ? <Spinner size="tiny" /> : undefined}
              onClick={() => void dialog.start()}
            >
              {busy ? TRAINING_TEXT.starting : startTrainingLabel(dialog.usableCount)}
            </Button>
          </DialogActions>
        </DialogBody>
        {/* Inside the surface, so Fluent nests them: closing one gives this dialog back. */}
        <PhotoPreviewDialog
          photos={photos}
          index={previewIndex !== null && previewIndex < photos.length ? previewIndex : null}
          onIndexChange={setPreviewIndex}
          onCrop={crop.start}
          onDelete={(photo) => {
            const index = photos.findIndex((item) => item.key === photo.key);
            dialog.removePhoto(photo);
            setPreviewIndex(viewerIndexAfterDelete(index, photos.length - 1));
          }}
          onClose={() => setPreviewIndex(null)}
        >
          {previewIndex === null ? null : cropDialog}
        </PhotoPreviewDialog>
        {previewIndex === null ? cropDialog : null}
      </DialogSurface>
    </Dialog>
  );
}
