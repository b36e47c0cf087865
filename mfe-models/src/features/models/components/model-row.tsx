import type { TrainingPhoto } from '@app/shared/contract/media';
import type { ModelSummary } from '@app/shared/contract/models';
import { EmptyState } from '@app/shared/ui/empty-state';
import { MAX_TRAINING_PHOTOS, MODELS_TEXT } from '@app/shared/spec';
import { Button, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { AddRegular, ArrowUploadRegular, DeleteRegular } from '@fluentui/react-icons';
import { lazy, Suspense, useId } from 'react';
import type { LiveTraining } from '../hooks/use-live-training';
import { useRowUploads } from '../hooks/use-row-uploads';
import { refusedPhotos } from '../utils/model-photos';
import { statusView } from '../utils/model-status';
import { ModelPhotos } from './model-photos';
import { ModelRowHeader } from './model-row-header';
import { TrainingFailure } from './training-failure';
import { TrainingPhotosCare } from './training-photos-care';
import { TrainingPreviews } from './training-previews';
import { TrainingProgress } from './training-progress';

// What a row says about its training (progress, previews, why it failed) sits above its photos and
// actions, so it comes with the row: arriving later, it would move them under the user's finger.
// Adding photos shows below the actions and only once asked for.
const RowUploads = lazy(() => import('./row-uploads'));
/** The first row's photos on a phone's first screen: two rows of three (one row on a desktop). */
const FIRST_SCREEN_PHOTOS = 6;

const useStyles = makeStyles({
  row: {
    listStyleType: 'none',
    borderRadius: tokens.borderRadiusLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    overflow: 'hidden',
  },
  dropping: { outline: `2px dashed ${tokens.colorBrandStroke1}`, outlineOffset: '-2px' },
  body: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalM,
    padding: `0 ${tokens.spacingHorizontalM} ${tokens.spacingVerticalM}`,
  },
  actions: {
    display: 'flex',
    flexWrap: 'wrap',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalS,
  },
  action: { minHeight: '44px' },
  danger: { color: tokens.colorPaletteRedForeground1 },
});

export interface ModelRowProps {
  model: ModelSummary;
  photos: readonly TrainingPhoto[];
  live: LiveTraining | undefined;
  expanded: boolean;
  onToggle: () => void;
  /** Another model trains: one training at a time. */
  otherTraining: boolean;
  /** The network cannot be reached: what the row shows is as last seen, and cannot change. */
  offline: boolean;
  retrying: boolean;
  onRetry: () => void;
  onOpenPhoto: (index: number) => void;
  onDeletePhoto: (photo: TrainingPhoto) => void;
  onReorder: (photoIds: string[]) => void;
  onDeleteModel: () => void;
  onDeleteTrainingPhotos: () => void;
  onError: (message: string) => void;
  /** The first row of the list: its first photos are on the page's first screen. */
  first: boolean;
}

/**
 * One model (spec §2): collapsible; its status icon, colour and chip; name, trigger word and
 * photo count; live training progress or why it failed with Retry (its slot is free); its photos,
 * Add Photos, and Delete Model when it is ready or failed.
 */
export function ModelRow(props: ModelRowProps) {
  const { model, photos, expanded, onError, first } = props;
  const styles = useStyles();
  const bodyId = useId();
  const view = statusView(model.status);
  const locked = view.status === 'training';
  // A training model's photos cannot change; offline, nothing can.
  const readOnly = locked || props.offline;
  const uploads = useRowUploads({ photoTotal: photos.length, locked: readOnly, onError });
  const { picker, adding } = uploads;
  const refused = refusedPhotos(model, photos);
  // Until every photo is checked, the list may be short of the photos the reason names.
  const checking = photos.some((photo) => photo.photoCheck === 'pending');
  const refusedIds = new Set(refused.map((photo) => photo.imageId));
  const usableCount = photos.filter((photo) => !refusedIds.has(photo.imageId)).length;

  return (
    <li
      className={mergeClasses(styles.row, picker.isDragActive && styles.dropping)}
      data-testid="model-row"
      data-model-id={model.modelId}
      data-status={view.status}
      {...picker.rootProps}
    >
      <ModelRowHeader
        model={model}
        photoTotal={photos.length}
        expanded={expanded}
        bodyId={bodyId}
        onToggle={props.onToggle}
      />
      <div id={bodyId} className={styles.body} hidden={!expanded}>
        {locked ? <TrainingProgress live={props.live} name={model.name} /> : null}
        {locked ? <TrainingPreviews previews={props.live?.previews ?? model.previews} /> : null}
        {view.status === 'failed' ? (
          <TrainingFailure
            reason={model.failureReason}
            refused={checking ? [] : refused}
            usableCount={usableCount}
            retrying={props.retrying}
            retryDisabled={props.otherTraining || props.offline}
            onRetry={props.onRetry}
          />
        ) : null}
        {photos.length === 0 && adding.incoming.length === 0 ? (
          <EmptyState
            icon={<ArrowUploadRegular />}
            text={
              // A ready model without photos had them deleted: it still generates.
              view.status === 'ready' && model.capabilities?.needsTrainingPhotos === false
                ? MODELS_TEXT.trainingPhotosDeleted
                : MODELS_TEXT.noPhotos
            }
            action={{
              label: MODELS_TEXT.uploadPhotos,
              icon: <ArrowUploadRegular />,
              disabled: readOnly,
              onClick: picker.open,
            }}
          />
        ) : (
          <ModelPhotos
            photos={photos}
            incoming={adding.incoming}
            locked={readOnly}
            onOpen={props.onOpenPhoto}
            onDelete={props.onDeletePhoto}
            onReorder={props.onReorder}
            onRetryUpload={adding.retry}
            eagerCount={first ? FIRST_SCREEN_PHOTOS : 0}
          />
        )}
        {view.status === 'ready' ? (
          <TrainingPhotosCare
            model={model}
            photoCount={photos.length}
            offline={props.offline}
            onDelete={props.onDeleteTrainingPhotos}
          />
        ) : null}
        <div className={styles.actions}>
          {photos.length > 0 && photos.length + uploads.pendingCount < MAX_TRAINING_PHOTOS ? (
            <Button
              className={styles.action}
              icon={<AddRegular />}
              disabled={readOnly}
              onClick={picker.open}
            >
              {MODELS_TEXT.addPhotos}
            </Button>
          ) : (
            <span />
          )}
          {view.status === 'ready' || view.status === 'failed' ? (
            <Button
              // Disabled, it looks disabled: not in the danger colour.
              className={mergeClasses(styles.action, !props.offline && styles.danger)}
              appearance="subtle"
              icon={<DeleteRegular />}
              disabled={props.offline}
              onClick={props.onDeleteModel}
            >
              {MODELS_TEXT.deleteModel}
            </Button>
          ) : null}
        </div>
        <input {...picker.inputProps} />
        {uploads.wanted ? (
          <Suspense fallback={null}>
            <RowUploads
              modelId={model.modelId}
              batches={uploads.batches}
              onTaken={uploads.onTaken}
              onChange={uploads.setAdding}
              onError={onError}
            />
          </Suspense>
        ) : null}
      </div>
    </li>
  );
}
