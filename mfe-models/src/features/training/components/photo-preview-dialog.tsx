import { IconButton } from '@app/shared/ui/icon-button';
import { ReturnFocus } from '@app/shared/ui/return-focus';
import { PHONE_MEDIA } from '@app/shared/ui/use-media-query';
import {
  COMMON_TEXT,
  KIT_TEXT,
  PHOTO_PROBLEM_TEXT,
  TRAINING_TEXT,
  photoPosition,
} from '@app/shared/spec';
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
  tokens,
} from '@fluentui/react-components';
import {
  ChevronLeftRegular,
  ChevronRightRegular,
  CropRegular,
  DeleteRegular,
  DismissRegular,
  WarningFilled,
} from '@fluentui/react-icons';
import type { ReactNode } from 'react';
import type { ChosenPhoto } from '../hooks/use-chosen-photos';

const useStyles = makeStyles({
  surface: {
    width: '640px',
    maxWidth: 'calc(100vw - 32px)',
    [PHONE_MEDIA]: {
      // Full screen on small screens (spec §2): the photo needs the room.
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
  body: { [PHONE_MEDIA]: { height: '100%', maxHeight: '100%', gridTemplateRows: 'auto 1fr auto' } },
  title: { display: 'flex', flexDirection: 'column' },
  filename: {
    fontSize: tokens.fontSizeBase300,
    fontWeight: tokens.fontWeightRegular,
    color: tokens.colorNeutralForeground2,
    overflowWrap: 'anywhere',
  },
  content: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalS,
    [PHONE_MEDIA]: { minHeight: 0 },
  },
  stage: {
    position: 'relative',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    height: '420px',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: '#212121',
    overflow: 'hidden',
    [PHONE_MEDIA]: { height: 'auto', flexGrow: 1, minHeight: '240px' },
  },
  image: { maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' },
  step: {
    position: 'absolute',
    top: '50%',
    transform: 'translateY(-50%)',
    color: '#fff',
    backgroundColor: 'rgba(0, 0, 0, 0.45)',
    borderRadius: tokens.borderRadiusCircular,
    ':hover': { color: '#fff', backgroundColor: 'rgba(0, 0, 0, 0.7)' },
  },
  previous: { left: tokens.spacingHorizontalS },
  next: { right: tokens.spacingHorizontalS },
  warning: {
    display: 'flex',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalS,
    color: tokens.colorPaletteDarkOrangeForeground1,
    fontWeight: tokens.fontWeightSemibold,
  },
  actions: { [PHONE_MEDIA]: { display: 'flex', flexDirection: 'row', width: '100%' } },
  button: { minHeight: '44px', [PHONE_MEDIA]: { flexGrow: 1, flexBasis: 0 } },
});

export interface PhotoPreviewDialogProps {
  photos: readonly ChosenPhoto[];
  /** The photo shown; null closes the dialog. */
  index: number | null;
  onIndexChange: (index: number) => void;
  onCrop: (photo: ChosenPhoto) => void;
  onDelete: (photo: ChosenPhoto) => void;
  onClose: () => void;
  /** A dialog opened from this one (the crop), nested in it. */
  children?: ReactNode;
}

/** The chosen photos before training, one at a time: 'photo N of M', Crop, Delete and Close. */
export function PhotoPreviewDialog({
  photos,
  index,
  onIndexChange,
  onCrop,
  onDelete,
  onClose,
  children,
}: PhotoPreviewDialogProps) {
  const styles = useStyles();
  const shown = index === null ? undefined : photos[Math.min(index, photos.length - 1)];
  const position = index === null ? 0 : Math.min(index, photos.length - 1);
  const step = (delta: 1 | -1) => {
    if (photos.length > 1) onIndexChange((position + delta + photos.length) % photos.length);
  };
  return (
    <Dialog
      open={shown !== undefined}
      onOpenChange={(_, data) => {
        if (!data.open) onClose();
      }}
    >
      <DialogSurface
        className={styles.surface}
        onKeyDown={(event) => {
          if (event.key === 'ArrowLeft') step(-1);
          else if (event.key === 'ArrowRight') step(1);
        }}
      >
        <ReturnFocus />
        {shown ? (
          <DialogBody className={styles.body}>
            <DialogTitle
              action={
                <IconButton
                  appearance="subtle"
                  icon={<DismissRegular />}
                  label={COMMON_TEXT.close}
                  onClick={onClose}
                />
              }
            >
              <span className={styles.title}>
                <span>{photoPosition(position + 1, photos.length)}</span>
                <span className={styles.filename}>{shown.filename}</span>
              </span>
            </DialogTitle>
            <DialogContent className={styles.content}>
              <div className={styles.stage}>
                {shown.fullUrl ? (
                  <img className={styles.image} src={shown.fullUrl} alt={shown.filename} />
                ) : null}
                {photos.length > 1 ? (
                  <>
                    <IconButton
                      appearance="transparent"
                      className={mergeClasses(styles.step, styles.previous)}
                      icon={<ChevronLeftRegular />}
                      label={KIT_TEXT.previous}
                      onClick={() => step(-1)}
                    />
                    <IconButton
                      appearance="transparent"
                      className={mergeClasses(styles.step, styles.next)}
                      icon={<ChevronRightRegular />}
                      label={KIT_TEXT.next}
                      onClick={() => step(1)}
                    />
                  </>
                ) : null}
              </div>
              {shown.state.kind === 'problem' ? (
                <div className={styles.warning}>
                  <WarningFilled aria-hidden />
                  {`${TRAINING_TEXT.notUsedPrefix} ${PHOTO_PROBLEM_TEXT[shown.state.problem]}`}
                </div>
              ) : null}
            </DialogContent>
            <DialogActions className={styles.actions}>
              <Button
                className={styles.button}
                icon={<CropRegular />}
                disabled={!shown.fullUrl || shown.state.kind === 'failed'}
                onClick={() => onCrop(shown)}
              >
                {COMMON_TEXT.crop}
              </Button>
              <Button
                className={styles.button}
                icon={<DeleteRegular />}
                onClick={() => onDelete(shown)}
              >
                {COMMON_TEXT.delete}
              </Button>
              <Button className={styles.button} appearance="primary" onClick={onClose}>
                {COMMON_TEXT.close}
              </Button>
            </DialogActions>
          </DialogBody>
        ) : null}
        {children}
      </DialogSurface>
    </Dialog>
  );
}
