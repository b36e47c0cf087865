import type { TrainingPhoto } from '@app/shared/contract/media';
import { IconButton } from '@app/shared/ui/icon-button';
import { RetryingImage } from '@app/shared/ui/retrying-image';
import { thumbnailSrcSet } from '@app/shared/ui/thumbnail-src-set';
import { useMediaQuery } from '@app/shared/ui/use-media-query';
import type { UploadItem } from '@app/shared/upload/queue';
import {
  COMMON_TEXT,
  KIT_TEXT,
  MODELS_TEXT,
  PHOTO_PROBLEM_TEXT,
  TRAINING_TEXT,
  photoLabel,
} from '@app/shared/spec';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ArrowClockwiseRegular, DeleteRegular, WarningFilled } from '@fluentui/react-icons';
import { useDragReorder } from '../hooks/use-drag-reorder';
import { ProgressLine } from './progress-line';
import { coverButtonStyle } from '@app/shared/ui/cover-button';

/**
 * A tile's width at each of the grid's column counts below, the page's margins and the gaps
 * taken off (measured from 360 to 1920 pixels wide), so that a screen fetches the small thumbnail
 * wherever it is sharp enough there.
 */
const TILE_SIZES =
  '(min-width: 992px) 157px, (min-width: 600px) calc((100vw - 106px) / 4), calc((100vw - 90px) / 3)';

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
    gap: tokens.spacingHorizontalS,
    margin: 0,
    padding: 0,
    listStyleType: 'none',
    '@media (min-width: 600px)': { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' },
    '@media (min-width: 992px)': { gridTemplateColumns: 'repeat(6, minmax(0, 1fr))' },
  },
  tile: {
    position: 'relative',
    aspectRatio: '1',
    borderRadius: tokens.borderRadiusMedium,
    overflow: 'hidden',
    backgroundColor: tokens.colorNeutralBackground3,
    userSelect: 'none',
    WebkitUserSelect: 'none',
    WebkitTouchCallout: 'none',
    transitionProperty: 'transform, box-shadow, opacity',
    transitionDuration: tokens.durationFast,
    '@media (prefers-reduced-motion: reduce)': { transitionDuration: '0.01ms' },
  },
  draggable: { cursor: 'grab' },
  dragging: {
    transform: 'scale(1.06)',
    boxShadow: tokens.shadow16,
    opacity: 0.9,
    zIndex: 1,
    cursor: 'grabbing',
  },
  refused: { outline: `3px solid ${tokens.colorPaletteDarkOrangeBorder2}`, outlineOffset: '-3px' },
  image: { display: 'block' },
  open: { ...coverButtonStyle, cursor: 'inherit' },
  corner: {
    position: 'absolute',
    top: 0,
    right: 0,
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
    backgroundColor: 'rgba(138, 54, 0, 0.92)',
    pointerEvents: 'none',
    '& svg': { flexShrink: 0, fontSize: '16px' },
  },
  progress: { position: 'absolute', left: '6px', right: '6px', bottom: '6px' },
  upload: { opacity: 0.6, width: '100%', height: '100%', objectFit: 'cover' },
  failed: {
    position: 'absolute',
    inset: 0,
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    padding: '4px',
    textAlign: 'center',
    fontSize: tokens.fontSizeBase100,
    lineHeight: tokens.lineHeightBase100,
    color: tokens.colorPaletteRedForeground1,
    backgroundColor: 'rgba(255, 255, 255, 0.9)',
    overflowWrap: 'anywhere',
  },
  hint: {
    margin: `${tokens.spacingVerticalXS} 0 0`,
    color: tokens.colorNeutralForeground2,
    fontSize: tokens.fontSizeBase200,
  },
});

/** A photo on its way into the model (Add Photos), with its preview once made. */
export interface IncomingPhoto {
  item: UploadItem;
  previewUrl: string | undefined;
}

export interface ModelPhotosProps {
  photos: readonly TrainingPhoto[];
  incoming: readonly IncomingPhoto[];
  /** A model in training: its photos cannot change. */
  locked: boolean;
  onOpen: (index: number) => void;
  onDelete: (photo: TrainingPhoto) => void;
  onReorder: (ids: string[]) => void;
  onRetryUpload: (uploadId: string) => void;
  /**
   * How many of the first photos load at once instead of when scrolled near: those on the first
   * screen, whose largest is often the page's largest paint.
   */
  eagerCount?: number;
}

/**
 * A model's own photos: a grid that reorders by dragging (mouse, or a finger after a short hold),
 * a tap opens the viewer, the corner button deletes; photos being added show their upload.
 */
export function ModelPhotos({
  photos,
  incoming,
  locked,
  onOpen,
  onDelete,
  onReorder,
  onRetryUpload,
  eagerCount = 0,
}: ModelPhotosProps) {
  const styles = useStyles();
  const coarsePointer = useMediaQuery('(pointer: coarse)');
  const byId = new Map(photos.map((photo) => [photo.imageId, photo]));
  const reorder = useDragReorder({
    ids: photos.map((photo) => photo.imageId),
    disabled: locked || photos.length < 2,
    onCommit: onReorder,
  });

  return (
    <div>
      <ul className={styles.grid} aria-label={COMMON_TEXT.trainingPhotos}>
        {reorder.orderedIds.map((id, index) => {
          const photo = byId.get(id);
          if (!photo) return null;
          const problem =
            photo.photoCheck && photo.photoCheck !== 'ok' && photo.photoCheck !== 'pending'
              ? PHOTO_PROBLEM_TEXT[photo.photoCheck]
              : null;
          const label = `${photoLabel(index + 1)}: ${photo.filename}`;
          return (
            <li
              key={id}
              {...reorder.tileProps(id)}
              className={mergeClasses(
                styles.tile,
                !locked && photos.length > 1 && styles.draggable,
                reorder.draggingId === id && styles.dragging,
                problem !== null && styles.refused,
              )}
              data-testid="model-photo"
              data-image-id={id}
            >
              <RetryingImage
                className={styles.image}
                src={photo.thumbnailUrl ?? ''}
                srcSet={thumbnailSrcSet(photo)}
                sizes={TILE_SIZES}
                directSrc={photo.displayUrl}
                alt=""
                aspectRatio={1}
                draggable={false}
                loading={index < eagerCount ? 'eager' : 'lazy'}
              />
              <button
                type="button"
                className={styles.open}
                aria-label={problem ? `${label}. ${TRAINING_TEXT.notUsedPrefix} ${problem}` : label}
                aria-roledescription={locked ? undefined : 'draggable photo'}
                onClick={() => onOpen(photos.indexOf(photo))}
                onKeyDown={reorder.onKeyDown(id)}
              />
              {problem ? (
                <span className={styles.badge} aria-hidden>
                  <WarningFilled />
                  {problem}
                </span>
              ) : null}
              {locked ? null : (
                <span data-no-drag>
                  <IconButton
                    appearance="transparent"
                    className={styles.corner}
                    icon={<DeleteRegular />}
                    label={`${MODELS_TEXT.deletePhoto}: ${photo.filename}`}
                    onClick={() => onDelete(photo)}
                  />
                </span>
              )}
            </li>
          );
        })}
        {incoming.map(({ item, previewUrl }) => (
          <li key={item.id} className={styles.tile} data-testid="incoming-photo">
            {previewUrl ? (
              <img className={styles.upload} src={previewUrl} alt="" draggable={false} />
            ) : null}
            {item.status === 'failed' ? (
              <div className={styles.failed} role="alert">
                <span>{item.error}</span>
                <IconButton
                  appearance="subtle"
                  icon={<ArrowClockwiseRegular />}
                  label={`${KIT_TEXT.retry}: ${item.filename}`}
                  onClick={() => onRetryUpload(item.id)}
                />
              </div>
            ) : (
              <ProgressLine
                className={styles.progress}
                value={
                  item.status === 'uploading' || item.status === 'done' ? item.progress : undefined
                }
                label={`${TRAINING_TEXT.uploading} ${item.filename}`}
              />
            )}
          </li>
        ))}
      </ul>
      {!locked && photos.length > 1 ? (
        <p className={styles.hint}>
          {coarsePointer ? MODELS_TEXT.reorderHintTouch : MODELS_TEXT.reorderHint}
        </p>
      ) : null}
    </div>
  );
}
