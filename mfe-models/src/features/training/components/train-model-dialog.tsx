import type { TrainingPhoto } from '@app/shared/contract/media';
import type { StartedTraining } from '@app/shared/contract/models';
import { useTrainingPhotos } from '@app/shared/data/media';
import { startTraining } from '@app/shared/data/models';
import { croppedFileName } from '@app/shared/crop';
import {
  COMMON_TEXT,
  CROP,
  FILE_CHECKS,
  MAX_TRAINING_PHOTOS,
  MIN_TRAINING_PHOTOS,
  MODEL_NAME_MAX_LENGTH,
  MODELS_TEXT,
  TRAINING_TEXT,
  canStartTraining,
  morePhotosNeeded,
  photosReady,
  startTrainingLabel,
} from '@app/shared/spec';
import { DropZone, useDropZone } from '@app/shared/ui/drop-zone';
import { HOVER_MEDIA } from '@app/shared/ui/hover';
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
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  mergeClasses,
  shorthands,
  Spinner,
  tokens,
} from '@fluentui/react-components';
import { AddRegular, DismissRegular } from '@fluentui/react-icons';
import { lazy, Suspense, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { failureMessage } from '../../models/utils/error-message';
import { askNotificationPermission } from '../../models/utils/notifications';
import { useChosenPhotos, type ChosenPhoto } from '../hooks/use-chosen-photos';
import { useTrainingForm } from '../hooks/use-training-form';
import { newIdempotencyKey } from '../utils/idempotency-key';
import { countsTowardTraining, isUploading } from '../utils/photo-state';
import { PhotoPreviewDialog } from './photo-preview-dialog';
import { PhotoThumbnail } from './photo-thumbnail';
import { PhotoTips } from './photo-tips';

// The cropper (react-easy-crop) loads when a photo is first cropped.
const CropDialog = lazy(() =>
  import('@app/shared/ui/crop-dialog').then((module) => ({ default: module.CropDialog })),
);

/** How often the photos are read again while the api checks new ones. */
const CHECK_POLL_MS = 1000;

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
  photosHeader: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    columnGap: tokens.spacingHorizontalS,
  },
  photosLabel: {
    margin: 0,
    fontSize: tokens.fontSizeBase400,
    fontWeight: tokens.fontWeightSemibold,
  },
  count: { color: tokens.colorNeutralForeground2, fontWeight: tokens.fontWeightRegular },
  area: {
    borderRadius: tokens.borderRadiusLarge,
    outlineOffset: '4px',
  },
  dragging: { outline: `2px dashed ${tokens.colorBrandStroke1}` },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
    gap: tokens.spacingHorizontalS,
    margin: 0,
    padding: 0,
    listStyleType: 'none',
    '@media (min-width: 600px)': { gridTemplateColumns: 'repeat(5, minmax(0, 1fr))' },
  },
  addTile: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    rowGap: tokens.spacingVerticalXS,
    aspectRatio: '1',
    width: '100%',
    minHeight: '44px',
    padding: tokens.spacingHorizontalXS,
    border: `2px dashed ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorBrandForeground1,
    fontFamily: 'inherit',
    fontSize: tokens.fontSizeBase300,
    fontWeight: tokens.fontWeightSemibold,
    cursor: 'pointer',
    [HOVER_MEDIA]: {
      ':hover': {
        ...shorthands.borderColor(tokens.colorBrandStroke1),
        backgroundColor: tokens.colorBrandBackground2,
      },
    },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px' },
    ':disabled': {
      cursor: 'not-allowed',
      color: tokens.colorNeutralForegroundDisabled,
      ...shorthands.borderColor(tokens.colorNeutralStrokeDisabled),
    },
  },
  addIcon: { fontSize: '24px' },
  notes: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalS },
  errors: { margin: 0, paddingLeft: tokens.spacingHorizontalL },
  actions: {
    [PHONE_MEDIA]: { display: 'flex', flexDirection: 'row', width: '100%' },
  },
  button: { minHeight: '44px', [PHONE_MEDIA]: { flexGrow: 1, flexBasis: 0 } },
  start: { [PHONE_MEDIA]: { flexGrow: 2 } },
  waiting: {
    color: tokens.colorNeutralForeground2,
    fontSize: tokens.fontSizeBase200,
    alignSelf: 'center',
  },
});

export interface TrainModelDialogProps {
  open: boolean;
  /** The signed-in user's name: the trigger word starts from it. */
  userName: string;
  onClose: () => void;
  onStarted: (started: StartedTraining) => void;
}

/** Refuses a typed space in the trigger word (spec §5). */
function refuseSpace(event: KeyboardEvent<HTMLInputElement>) {
  if (event.key === ' ' || event.key === 'Spacebar') event.preventDefault();
}

/**
 * Dialog 'Train New Model' (spec §2, §5): the name and trigger word, 5-20 photos (uploaded as
 * they are chosen, each checked by the api for one clear face), and Start Training. Kept mounted
 * once opened, so uploads carry on while it is closed and nothing chosen is lost.
 */
export default function TrainModelDialog({
  open,
  userName,
  onClose,
  onStarted,
}: TrainModelDialogProps) {
  const styles = useStyles();
  const form = useTrainingForm();
  const [checking, setChecking] = useState(false);
  const { data: stored } = useTrainingPhotos(open, () => (checking ? CHECK_POLL_MS : 0));
  const chosen = useChosenPhotos(stored?.items);
  const { photos } = chosen;
  const [fileErrors, setFileErrors] = useState<string[]>([]);
  const [startError, setStartError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [previewIndex, setPreviewIndex] = useState<number | null>(null);
  const idempotencyKey = useRef(newIdempotencyKey());

  const anyChecking = photos.some((photo) => photo.state.kind === 'checking');
  if (anyChecking !== checking) setChecking(anyChecking);

  // Every opening starts a new form; photos chosen before (or uploaded and never trained) stay.
  const [shownOpen, setShownOpen] = useState(false);
  if (open !== shownOpen) {
    setShownOpen(open);
    if (open) {
      form.start(userName);
      setStartError(null);
      setFileErrors([]);
    }
  }
  usePrefillUntrained(open, stored?.items, chosen);

  const usable = photos.filter((photo) => countsTowardTraining(photo.state));
  const uploading = photos.some((photo) => isUploading(photo.state));
  const canStart =
    canStartTraining({
      busy,
      modelName: form.modelName,
      triggerWord: form.triggerWord,
      photoCount: usable.length,
    }) && !uploading;

  const onFiles = (files: File[]) => {
    setFileErrors([]);
    chosen.add(files);
  };
  const picker = useDropZone({
    check: FILE_CHECKS.trainingPhotos,
    alreadyChosen: photos.length,
    disabled: busy,
    onFiles,
    onErrors: setFileErrors,
  });

  const start = async () => {
    if (!canStart) return;
    askNotificationPermission();
    setBusy(true);
    setStartError(null);
    try {
      const photoIds = usable.flatMap((photo) => (photo.imageId ? [photo.imageId] : []));
      const started = await startTraining({ ...form.request(), photoIds }, idempotencyKey.current);
      chosen.reset();
      idempotencyKey.current = newIdempotencyKey();
      onStarted(started);
    } catch (error) {
      setStartError(failureMessage(error, MODELS_TEXT.startTrainingFailed));
    } finally {
      setBusy(false);
    }
  };

  const removePhoto = (photo: ChosenPhoto) => {
    chosen.remove(photo.key);
    setFileErrors([]);
  };

  const crop = usePhotoCrop((photo, jpeg) =>
    chosen.replace(photo.key, jpeg, croppedFileName(photo.filename)),
  );

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
            <TrainingFields form={form} busy={busy} />

            <TrainingPhotoGrid
              photos={photos}
              busy={busy}
              picker={picker}
              onFiles={onFiles}
              onErrors={setFileErrors}
              onOpen={setPreviewIndex}
              onCrop={crop.start}
              onRemove={removePhoto}
              onRetry={(photo) => chosen.retry(photo.key)}
            />

            <TrainingNotes
              fileErrors={fileErrors}
              photoTotal={photos.length}
              usableCount={usable.length}
              startError={startError}
            />
          </DialogContent>
          <TrainingActions
            busy={busy}
            uploading={uploading}
            canStart={canStart}
            usableCount={usable.length}
            onCancel={onClose}
            onStart={() => void start()}
          />
        </DialogBody>
        {/* Inside the surface, so Fluent nests them: closing one gives this dialog back. */}
        <PhotoPreviewDialog
          photos={photos}
          index={previewIndex !== null && previewIndex < photos.length ? previewIndex : null}
          onIndexChange={setPreviewIndex}
          onCrop={crop.start}
          onDelete={(photo) => {
            const index = photos.findIndex((item) => item.key === photo.key);
            removePhoto(photo);
            setPreviewIndex(viewerIndexAfterDelete(index, photos.length - 1));
          }}
          onClose={() => setPreviewIndex(null)}
        >
          {previewIndex === null ? null : crop.dialog}
        </PhotoPreviewDialog>
        {previewIndex === null ? crop.dialog : null}
      </DialogSurface>
    </Dialog>
  );
}

/** The model's name and trigger word. */
function TrainingFields({
  form,
  busy,
}: {
  form: ReturnType<typeof useTrainingForm>;
  busy: boolean;
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
          disabled={busy}
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
          disabled={busy}
          onKeyDown={refuseSpace}
          onChange={(_, data) => form.setTriggerWord(data.value)}
        />
      </Field>
    </div>
  );
}

/** The chosen photos as tiles with Add, or a drop zone while there are none. */
function TrainingPhotoGrid({
  photos,
  busy,
  picker,
  onFiles,
  onErrors,
  onOpen,
  onCrop,
  onRemove,
  onRetry,
}: {
  photos: readonly ChosenPhoto[];
  busy: boolean;
  picker: ReturnType<typeof useDropZone>;
  onFiles: (files: File[]) => void;
  onErrors: (errors: string[]) => void;
  onOpen: (index: number) => void;
  onCrop: (photo: ChosenPhoto) => void;
  onRemove: (photo: ChosenPhoto) => void;
  onRetry: (photo: ChosenPhoto) => void;
}) {
  const styles = useStyles();
  return (
    <section aria-labelledby="training-photos-label">
      <div className={styles.photosHeader}>
        <h3 id="training-photos-label" className={styles.photosLabel}>
          {COMMON_TEXT.trainingPhotos}{' '}
          <span className={styles.count}>
            ({photos.length}/{MAX_TRAINING_PHOTOS})
          </span>
        </h3>
        <PhotoTips />
      </div>
      {photos.length === 0 ? (
        <DropZone
          check={FILE_CHECKS.trainingPhotos}
          alreadyChosen={0}
          disabled={busy}
          title={TRAINING_TEXT.choosePhotos}
          hint={TRAINING_TEXT.dropHint}
          hideErrors
          onFiles={onFiles}
          onErrors={onErrors}
        />
      ) : (
        <div
          {...picker.rootProps}
          className={mergeClasses(styles.area, picker.isDragActive && styles.dragging)}
        >
          <ul className={styles.grid} aria-label={COMMON_TEXT.trainingPhotos}>
            {photos.map((photo, index) => (
              <PhotoThumbnail
                key={photo.key}
                photo={photo}
                position={index + 1}
                disabled={busy}
                onOpen={() => onOpen(index)}
                onCrop={() => onCrop(photo)}
                onRemove={() => onRemove(photo)}
                onRetry={() => onRetry(photo)}
              />
            ))}
            {photos.length < MAX_TRAINING_PHOTOS ? (
              <li>
                <Button
                  className={styles.addTile}
                  appearance="transparent"
                  icon={<AddRegular />}
                  disabled={busy}
                  onClick={picker.open}
                >
                  {TRAINING_TEXT.addTile}
                </Button>
              </li>
            ) : null}
          </ul>
          <input {...picker.inputProps} />
        </div>
      )}
    </section>
  );
}

/** What the files chosen, the photo count and the start said, and how long training takes. */
function TrainingNotes({
  fileErrors,
  photoTotal,
  usableCount,
  startError,
}: {
  fileErrors: readonly string[];
  photoTotal: number;
  usableCount: number;
  startError: string | null;
}) {
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
      {photoTotal === 0 ? (
        <MessageBar intent="info" data-testid="photo-count-note">
          <MessageBarBody>{TRAINING_TEXT.notEnoughPhotos}</MessageBarBody>
        </MessageBar>
      ) : null}
      {photoTotal > 0 && missing > 0 ? (
        <MessageBar intent="warning" data-testid="photo-count-note">
          <MessageBarBody>{morePhotosNeeded(missing)}</MessageBarBody>
        </MessageBar>
      ) : null}
      {missing <= 0 ? (
        <MessageBar intent="success" data-testid="photo-count-note">
          <MessageBarBody>{photosReady(usableCount)}</MessageBarBody>
        </MessageBar>
      ) : null}
      <MessageBar intent="info">
        <MessageBarBody>{TRAINING_TEXT.durationInfo}</MessageBarBody>
      </MessageBar>
      {startError ? (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{startError}</MessageBarBody>
        </MessageBar>
      ) : null}
    </div>
  );
}

/** Cancel, and Start Training with the number of usable photos (waiting while uploads run). */
function TrainingActions({
  busy,
  uploading,
  canStart,
  usableCount,
  onCancel,
  onStart,
}: {
  busy: boolean;
  uploading: boolean;
  canStart: boolean;
  usableCount: number;
  onCancel: () => void;
  onStart: () => void;
}) {
  const styles = useStyles();
  return (
    <DialogActions className={styles.actions}>
      {uploading && !busy ? (
        <span className={styles.waiting}>{TRAINING_TEXT.waitForUploads}</span>
      ) : null}
      <Button className={styles.button} disabled={busy} onClick={onCancel}>
        {COMMON_TEXT.cancel}
      </Button>
      <Button
        className={mergeClasses(styles.button, styles.start)}
        appearance="primary"
        disabled={!canStart && !busy}
        disabledFocusable={busy}
        icon={busy ? <Spinner size="tiny" /> : undefined}
        onClick={onStart}
      >
        {busy ? TRAINING_TEXT.starting : startTrainingLabel(usableCount)}
      </Button>
    </DialogActions>
  );
}

/** Cropping a chosen photo: which one, the crop dialog (mounted once first asked for), its error. */
function usePhotoCrop(onCropped: (photo: ChosenPhoto, jpeg: Blob) => void) {
  const [cropping, setCropping] = useState<ChosenPhoto | null>(null);
  const [cropWanted, setCropWanted] = useState(false);
  const [cropError, setCropError] = useState<string | null>(null);

  const apply = async (jpeg: Blob) => {
    if (!cropping) return;
    onCropped(cropping, jpeg);
    setCropping(null);
  };

  const start = (photo: ChosenPhoto) => {
    setCropWanted(true);
    setCropError(null);
    setCropping(photo);
  };

  // Nested in the dialog it was opened from (Fluent then gives that one back when it closes).
  const dialog = cropWanted ? (
    <Suspense fallback={null}>
      <CropDialog
        open={cropping !== null}
        title={TRAINING_TEXT.cropTitle}
        imageSrc={cropping?.fullUrl ?? null}
        quality={CROP.trainingJpegQuality}
        tip={TRAINING_TEXT.cropTip}
        error={cropError}
        onApply={apply}
        onError={() => setCropError(MODELS_TEXT.processPhotosFailed)}
        onCancel={() => setCropping(null)}
      />
    </Suspense>
  ) : null;

  return { start, dialog };
}

/** On each opening, the uploaded photos no model was trained on join the chosen ones. */
function usePrefillUntrained(
  open: boolean,
  stored: readonly TrainingPhoto[] | undefined,
  chosen: ReturnType<typeof useChosenPhotos>,
) {
  const { photos } = chosen;
  const prefilledFor = useRef(false);
  useEffect(() => {
    if (!open) prefilledFor.current = false;
    if (!open || prefilledFor.current || !stored) return;
    prefilledFor.current = true;
    const here = new Set(photos.map((photo) => photo.imageId));
    const untrained = stored.filter(
      (photo) => photo.modelIds.length === 0 && !here.has(photo.imageId),
    );
    if (untrained.length > 0) chosen.addStored(untrained.slice(0, MAX_TRAINING_PHOTOS));
  }, [open, stored, photos, chosen]);
}
