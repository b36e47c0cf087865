import type { TrainingPhoto } from '@app/shared/contract/media';
import type { ModelSummary } from '@app/shared/contract/models';
import type { UserProfile } from '@app/shared/contract/user';
import { EmptyState } from '@app/shared/ui/empty-state';
import {
  MODELS_TEXT,
  canAddModel,
  normalizeModelStatus,
  showsProUpgradeHint,
  yourModels,
} from '@app/shared/spec';
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular, BrainCircuitRegular } from '@fluentui/react-icons';
import type { LiveTraining } from '../hooks/use-live-training';
import { ModelRow } from './model-row';

const useStyles = makeStyles({
  card: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusXLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow4,
    '@media (max-width: 479.98px)': { padding: tokens.spacingHorizontalM },
  },
  header: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
  },
  title: {
    margin: 0,
    fontSize: tokens.fontSizeBase500,
    lineHeight: tokens.lineHeightBase500,
    fontWeight: tokens.fontWeightSemibold,
  },
  upgrade: {
    display: 'block',
    fontSize: tokens.fontSizeBase300,
    fontWeight: tokens.fontWeightRegular,
    color: tokens.colorPalettePurpleForeground2,
  },
  add: { minHeight: '44px' },
  list: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalM,
    margin: 0,
    padding: 0,
  },
});

export interface ModelsCardProps {
  profile: UserProfile;
  models: readonly ModelSummary[];
  modelPhotos: ReadonlyMap<string, TrainingPhoto[]>;
  live: ReadonlyMap<string, LiveTraining>;
  /** An action runs or a model trains (spec §2), or the network cannot be reached. */
  addDisabled: boolean;
  /** Offline: the models as last seen, which cannot change. */
  offline: boolean;
  isExpanded: (model: ModelSummary, index: number) => boolean;
  onToggle: (model: ModelSummary, index: number) => void;
  onAddModel: () => void;
  retrying: string | null;
  onRetry: (model: ModelSummary) => void;
  onOpenPhoto: (model: ModelSummary, index: number) => void;
  onDeletePhoto: (photo: TrainingPhoto) => void;
  onReorder: (model: ModelSummary, photoIds: string[]) => void;
  onDeleteModel: (model: ModelSummary) => void;
  onDeleteTrainingPhotos: (model: ModelSummary) => void;
  onError: (message: string) => void;
}

/**
 * 'Your Models (count/limit)', counting the models that hold a slot (∞ when unlimited; the Pro hint at the free limit), Add Model while
 * below the limit, the empty state, and one row per model.
 */
export function ModelsCard({
  profile,
  models,
  modelPhotos,
  live,
  addDisabled,
  offline,
  isExpanded,
  onToggle,
  onAddModel,
  retrying,
  onRetry,
  onOpenPhoto,
  onDeletePhoto,
  onReorder,
  onDeleteModel,
  onDeleteTrainingPhotos,
  onError,
}: ModelsCardProps) {
  const styles = useStyles();
  // The server decides the limit (plan, admin); the page only shows it.
  const limit = profile.modelLimit;
  // A failed model holds no slot (the api counts it so too): its row says so.
  const slotsUsed = models.filter(
    (model) => normalizeModelStatus(model.status) !== 'failed',
  ).length;
  const addable = canAddModel(slotsUsed, limit);
  const anyTraining = models.some((model) => normalizeModelStatus(model.status) === 'training');
  const addButton = (
    <Button
      className={styles.add}
      appearance="primary"
      icon={<AddRegular />}
      disabled={addDisabled}
      onClick={onAddModel}
    >
      {MODELS_TEXT.addModel}
    </Button>
  );

  return (
    <section className={styles.card} aria-labelledby="your-models-title">
      <div className={styles.header}>
        <h2 id="your-models-title" className={styles.title}>
          {yourModels(slotsUsed, limit)}
          {showsProUpgradeHint(slotsUsed, limit) ? (
            <span className={styles.upgrade}> {MODELS_TEXT.upgradeHint}</span>
          ) : null}
        </h2>
        {addable && models.length > 0 ? addButton : null}
      </div>
      {models.length === 0 ? (
        <EmptyState
          icon={<BrainCircuitRegular />}
          text={MODELS_TEXT.empty}
          action={
            addable
              ? {
                  label: MODELS_TEXT.addModel,
                  icon: <AddRegular />,
                  disabled: addDisabled,
                  onClick: onAddModel,
                }
              : undefined
          }
        />
      ) : (
        <ul className={styles.list}>
          {models.map((model, index) => (
            <ModelRow
              key={model.modelId}
              model={model}
              photos={modelPhotos.get(model.modelId) ?? []}
              live={live.get(model.modelId)}
              expanded={isExpanded(model, index)}
              onToggle={() => onToggle(model, index)}
              otherTraining={anyTraining}
              offline={offline}
              retrying={retrying === model.modelId}
              onRetry={() => onRetry(model)}
              onOpenPhoto={(photoIndex) => onOpenPhoto(model, photoIndex)}
              onDeletePhoto={onDeletePhoto}
              onReorder={(ids) => onReorder(model, ids)}
              onDeleteModel={() => onDeleteModel(model)}
              onDeleteTrainingPhotos={() => onDeleteTrainingPhotos(model)}
              onError={onError}
              first={index === 0}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
