import type { ModelSummary } from '@app/shared/contract/models';
import { MODELS_TEXT } from '@app/shared/spec';
import { Button, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { DeleteRegular, InfoRegular } from '@fluentui/react-icons';

const useStyles = makeStyles({
  note: {
    display: 'flex',
    alignItems: 'flex-start',
    columnGap: tokens.spacingHorizontalS,
    margin: 0,
    fontSize: tokens.fontSizeBase300,
    lineHeight: tokens.lineHeightBase300,
    color: tokens.colorNeutralForeground2,
  },
  icon: { flexShrink: 0, fontSize: '20px' },
  action: { minHeight: '44px', alignSelf: 'flex-start' },
  danger: { color: tokens.colorPaletteRedForeground1 },
});

/**
 * What a ready model's training photos allow, from its engine's capabilities: "Delete my training
 * photos" where the engine no longer needs them, else one line saying why they stay.
 */
export function TrainingPhotosCare({
  model,
  photoCount,
  offline,
  onDelete,
}: {
  model: ModelSummary;
  photoCount: number;
  offline: boolean;
  onDelete: () => void;
}) {
  const styles = useStyles();
  const capabilities = model.capabilities;
  if (photoCount === 0 || capabilities === null) return null;
  if (capabilities.needsTrainingPhotos) {
    return (
      <p className={styles.note} data-testid="photos-needed-note">
        <InfoRegular className={styles.icon} aria-hidden />
        <span>{MODELS_TEXT.photosNeededToGenerate}</span>
      </p>
    );
  }
  return (
    <Button
      // Disabled, it looks disabled: not in the danger colour.
      className={mergeClasses(styles.action, !offline && styles.danger)}
      appearance="subtle"
      icon={<DeleteRegular />}
      disabled={offline}
      onClick={onDelete}
    >
      {MODELS_TEXT.deleteTrainingPhotos}
    </Button>
  );
}
