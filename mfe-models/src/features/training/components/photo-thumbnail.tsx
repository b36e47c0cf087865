import { IconButton } from '@app/shared/ui/icon-button';
import {
  COMMON_TEXT,
  KIT_TEXT,
  PHOTO_PROBLEM_TEXT,
  TRAINING_TEXT,
  photoLabel,
} from '@app/shared/spec';
import { makeStyles, mergeClasses, ProgressBar, Spinner, tokens } from '@fluentui/react-components';
import {
  ArrowClockwiseRegular,
  CropRegular,
  DismissRegular,
  ErrorCircleFilled,
  WarningFilled,
} from '@fluentui/react-icons';
import type { ChosenPhoto } from '../hooks/use-chosen-photos';
import { coverButtonStyle } from '@app/shared/ui/cover-button';

const useStyles = makeStyles({
  tile: {
    position: 'relative',
    aspectRatio: '1',
    borderRadius: tokens.borderRadiusMedium,
    overflow: 'hidden',
    backgroundColor: tokens.colorNeutralBackground3,
  },
  refused: { outline: `3px solid ${tokens.colorPaletteDarkOrangeBorder2}`, outlineOffset: '-3px' },
  open: { ...coverButtonStyle, cursor: 'zoom-in' },
  image: { width: '100%', height: '100%', objectFit: 'cover', display: 'block' },
  dimmed: { opacity: 0.55 },
  corner: {
    position: 'absolute',
    top: 0,
    // The visible circle is smaller than the 44 px it answers to.
    '& .fui-Button__icon': {
      borderRadius: '50%',
      backgroundColor: 'rgba(0, 0, 0, 0.6)',
      color: '#fff',
      width: '28px',
      height: '28px',
      fontSize: '18px',
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
    },
  },
  left: { left: 0 },
  right: { right: 0 },
  progress: { position: 'absolute', left: '6px', right: '6px', bottom: '6px' },
  badge: {
    position: 'absolute',
    left: 0,
    right: 0,
    bottom: 0,
    display: 'flex',
    alignItems: 'center',
    columnGap: '4px',
    padding: '4px 6px',
    fontSize: tokens.fontSizeBase200,
    lineHeight: tokens.lineHeightBase200,
    color: '#fff',
    backgroundColor: 'rgba(0, 0, 0, 0.66)',
    pointerEvents: 'none',
    '& svg': { flexShrink: 0, fontSize: '16px' },
  },
  warning: { backgroundColor: 'rgba(138, 54, 0, 0.92)' },
  failed: {
    position: 'absolute',
    inset: 0,
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    rowGap: '2px',
    padding: '4px',
    textAlign: 'center',
    fontSize: tokens.fontSizeBase100,
    lineHeight: tokens.lineHeightBase100,
    backgroundColor: 'rgba(255, 255, 255, 0.9)',
    color: tokens.colorPaletteRedForeground1,
    overflowWrap: 'anywhere',
  },
  failedText: {
    maxHeight: '3.6em',
    overflow: 'hidden',
  },
});

export interface PhotoThumbnailProps {
  photo: ChosenPhoto;
  position: number;
  disabled: boolean;
  onOpen: () => void;
  onCrop: () => void;
  onRemove: () => void;
  onRetry: () => void;
}

/**
 * One chosen photo: its upload progress, a failed upload's reason with Retry, the api's check
 * (a warning when a training could not use it), and its crop and remove buttons.
 */
export function PhotoThumbnail({
  photo,
  position,
  disabled,
  onOpen,
  onCrop,
  onRemove,
  onRetry,
}: PhotoThumbnailProps) {
  const styles = useStyles();
  const { state } = photo;
  const label = `${photoLabel(position)}: ${photo.filename}`;
  const note =
    state.kind === 'problem'
      ? `${TRAINING_TEXT.notUsedPrefix} ${PHOTO_PROBLEM_TEXT[state.problem]}`
      : state.kind === 'checking'
        ? TRAINING_TEXT.checkingPhoto
        : state.kind === 'queued' || state.kind === 'uploading'
          ? TRAINING_TEXT.uploading
          : null;

  return (
    <li
      className={mergeClasses(styles.tile, state.kind === 'problem' && styles.refused)}
      data-testid="chosen-photo"
      data-state={state.kind}
      data-filename={photo.filename}
    >
      <button
        type="button"
        className={styles.open}
        aria-label={note ? `${label}. ${note}` : label}
        onClick={onOpen}
      >
        {photo.previewUrl ? (
          <img
            src={photo.previewUrl}
            alt=""
            draggable={false}
            className={mergeClasses(
              styles.image,
              (state.kind === 'queued' || state.kind === 'uploading' || state.kind === 'failed') &&
                styles.dimmed,
            )}
          />
        ) : null}
      </button>
      {state.kind === 'uploading' || state.kind === 'queued' ? (
        <ProgressBar
          className={styles.progress}
          thickness="large"
          value={state.kind === 'uploading' ? state.progress : undefined}
          aria-label={`${TRAINING_TEXT.uploading} ${photo.filename}`}
        />
      ) : null}
      {state.kind === 'problem' || state.kind === 'checking' ? (
        <span
          className={mergeClasses(styles.badge, state.kind === 'problem' && styles.warning)}
          aria-hidden
        >
          {state.kind === 'problem' ? <WarningFilled /> : <Spinner size="extra-tiny" />}
          {note}
        </span>
      ) : null}
      {state.kind === 'failed' ? (
        <div className={styles.failed} role="alert">
          <ErrorCircleFilled aria-hidden />
          <span className={styles.failedText}>{state.error}</span>
          <IconButton
            appearance="subtle"
            icon={<ArrowClockwiseRegular />}
            label={`${KIT_TEXT.retry}: ${photo.filename}`}
            onClick={onRetry}
          />
        </div>
      ) : null}
      {photo.fullUrl && state.kind !== 'failed' ? (
        <IconButton
          appearance="transparent"
          className={mergeClasses(styles.corner, styles.left)}
          icon={<CropRegular />}
          label={`${COMMON_TEXT.crop}: ${photo.filename}`}
          disabled={disabled}
          onClick={onCrop}
        />
      ) : null}
      <IconButton
        appearance="transparent"
        className={mergeClasses(styles.corner, styles.right)}
        icon={<DismissRegular />}
        label={`${TRAINING_TEXT.removePhoto}: ${photo.filename}`}
        disabled={disabled}
        onClick={onRemove}
      />
    </li>
  );
}
