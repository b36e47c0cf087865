import { COMMON_TEXT, FILE_CHECKS, MAX_TRAINING_PHOTOS, TRAINING_TEXT } from '@app/shared/spec';
import { DropZone, useDropZone } from '@app/shared/ui/drop-zone';
import { HOVER_MEDIA } from '@app/shared/ui/hover';
import { Button, makeStyles, mergeClasses, shorthands, tokens } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import type { ChosenPhoto } from '../hooks/use-chosen-photos';
import { PhotoThumbnail } from './photo-thumbnail';
import { PhotoTips } from './photo-tips';

const useStyles = makeStyles({
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
});

export interface TrainingPhotosProps {
  photos: readonly ChosenPhoto[];
  disabled: boolean;
  onFiles: (files: File[]) => void;
  onErrors: (errors: string[]) => void;
  onOpen: (index: number) => void;
  onCrop: (photo: ChosenPhoto) => void;
  onRemove: (photo: ChosenPhoto) => void;
  onRetry: (photo: ChosenPhoto) => void;
}

/**
 * The dialog's photo area (spec §2): the drop zone while none is chosen, then the thumbnails
 * (each with its crop and remove) and an add tile while fewer than 20; a drop anywhere adds.
 */
export function TrainingPhotos({
  photos,
  disabled,
  onFiles,
  onErrors,
  onOpen,
  onCrop,
  onRemove,
  onRetry,
}: TrainingPhotosProps) {
  const styles = useStyles();
  const picker = useDropZone({
    check: FILE_CHECKS.trainingPhotos,
    alreadyChosen: photos.length,
    disabled,
    onFiles,
    onErrors,
  });

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
          disabled={disabled}
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
                disabled={disabled}
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
                  disabled={disabled}
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
