import type { TrainingPhoto } from '@app/shared/contract/media';
import type { ModelSummary } from '@app/shared/contract/models';
import { DelayedSpinner } from '@app/shared/ui/loading';
import { viewerIndexAfterDelete } from '@app/shared/ui/photo-viewer-logic';
import {
  COMMON_TEXT,
  MODELS_TEXT,
  deleteModelMessage,
  normalizeModelStatus,
} from '@app/shared/spec';
import { makeStyles, tokens } from '@fluentui/react-components';
import { DeleteRegular, InfoRegular } from '@fluentui/react-icons';
import { lazy, Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from '@app/shared/navigation';
import { useLiveTraining } from '../hooks/use-live-training';
import { useModelDeletion, useTrainingRetry } from '../hooks/use-model-actions';
import { useModelsData } from '../hooks/use-models-data';
import { usePhotoActions } from '../hooks/use-photo-actions';
import { photosByModel } from '../utils/model-photos';
import { ModelsCard } from './models-card';
import { ModelsHeader } from './models-header';

// Everything below opens on demand; none of it is part of the page's first load.
const TrainModelDialog = lazy(() => import('../../training/components/train-model-dialog'));
const ConfirmDialog = lazy(() =>
  import('@app/shared/ui/confirm-dialog').then((module) => ({ default: module.ConfirmDialog })),
);
const PhotoViewer = lazy(() =>
  import('@app/shared/ui/photo-viewer').then((module) => ({ default: module.PhotoViewer })),
);
const PhotoViewerAction = lazy(() =>
  import('@app/shared/ui/photo-viewer').then((module) => ({
    default: module.PhotoViewerAction,
  })),
);
const ErrorAlert = lazy(() =>
  import('@app/shared/ui/error-alert').then((module) => ({ default: module.ErrorAlert })),
);

const useStyles = makeStyles({
  page: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalL,
    maxWidth: '1040px',
    margin: '0 auto',
    width: '100%',
  },
  note: {
    display: 'flex',
    alignItems: 'flex-start',
    columnGap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorNeutralForeground1,
    border: `1px solid ${tokens.colorBrandStroke2}`,
  },
  noteIcon: { flexShrink: 0, fontSize: '20px', color: tokens.colorBrandForeground1 },
});

interface PhotoToDelete {
  photo: TrainingPhoto;
  /** Deleted from the viewer: it moves on to the neighbour. */
  inViewer: boolean;
}

/** The AI Models page (spec §2 "Models page"; /models, and /training after its redirect). */
export function ModelsPage() {
  const styles = useStyles();
  const [searchParams] = useSearchParams();
  const data = useModelsData();
  const models = useMemo(() => data.profile?.models ?? [], [data.profile]);
  const photos = useMemo(() => data.photos ?? [], [data.photos]);
  const live = useLiveTraining(models);
  const modelPhotos = useMemo(() => photosByModel(models, photos), [models, photos]);

  const [error, setError] = useState<string | null>(null);
  const onError = useCallback((message: string) => setError(message), []);
  const actions = usePhotoActions(onError);
  const [trainWanted, setTrainWanted] = useState(false);
  const [trainOpen, setTrainOpen] = useState(false);
  const [expanded, setExpanded] = useState(new Map<string, boolean>());
  const [viewer, setViewer] = useState<{ modelId: string; index: number } | null>(null);
  const [viewerWanted, setViewerWanted] = useState(false);
  const [photoToDelete, setPhotoToDelete] = useState<PhotoToDelete | null>(null);
  // Where the Delete Photo dialog lives: nested in the viewer when asked from there.
  const [deleteFromViewer, setDeleteFromViewer] = useState(false);
  const [confirmWanted, setConfirmWanted] = useState(false);
  const { retrying, retry } = useTrainingRetry(onError);

  const readyCount = models.filter((model) => normalizeModelStatus(model.status) === 'ready');
  const deletion = useModelDeletion(readyCount.length);
  const anyTraining = models.some((model) => normalizeModelStatus(model.status) === 'training');
  const fromGenerate = searchParams.get('from') === 'generate' && readyCount.length === 0;

  const isExpanded = (model: ModelSummary, index: number) =>
    expanded.get(model.modelId) ??
    (index === 0 || normalizeModelStatus(model.status) !== 'ready' || models.length <= 2);

  const askDeletePhoto = (photo: TrainingPhoto, inViewer: boolean) => {
    setConfirmWanted(true);
    setDeleteFromViewer(inViewer);
    setPhotoToDelete({ photo, inViewer });
  };

  const confirmDeletePhoto = () => {
    if (!photoToDelete) return;
    const { photo, inViewer } = photoToDelete;
    if (inViewer && viewer) {
      const shown = modelPhotos.get(viewer.modelId) ?? [];
      const next = viewerIndexAfterDelete(viewer.index, shown.length - 1);
      setViewer(next === null ? null : { ...viewer, index: next });
    }
    setError(null);
    // Shown at once; put back with the spec's message if the server refuses.
    void actions.deletePhoto(photo.imageId);
  };

  const deletePhotoDialog = confirmWanted ? (
    <Suspense fallback={null}>
      <ConfirmDialog
        open={photoToDelete !== null}
        title={MODELS_TEXT.deletePhotoTitle}
        message={MODELS_TEXT.deletePhotoConfirm}
        confirmLabel={COMMON_TEXT.delete}
        destructive
        onConfirm={confirmDeletePhoto}
        onDismiss={() => setPhotoToDelete(null)}
      />
    </Suspense>
  ) : null;

  return (
    <section data-testid="remote-models" className={styles.page}>
      <ModelsHeader refreshing={data.refreshing} onRefresh={() => void data.refresh()} />
      <ModelsNotices
        fromGenerate={fromGenerate}
        loadFailed={data.loadFailed}
        onDismissLoadFailure={data.dismissLoadFailure}
        onRetryLoad={() => void data.retry()}
        error={error}
        onDismissError={() => setError(null)}
      />
      {data.profile === undefined ? (
        data.loading ? (
          <DelayedSpinner label={MODELS_TEXT.loading} />
        ) : null
      ) : (
        <ModelsCard
          profile={data.profile}
          models={models}
          modelPhotos={modelPhotos}
          live={live}
          addDisabled={anyTraining || retrying !== null || deletion.deletingModel}
          isExpanded={isExpanded}
          onToggle={(model, index) =>
            setExpanded((map) => new Map(map).set(model.modelId, !isExpanded(model, index)))
          }
          onAddModel={() => {
            setTrainWanted(true);
            setTrainOpen(true);
          }}
          retrying={retrying}
          onRetry={(model) => void retry(model)}
          onOpenPhoto={(model, index) => {
            setViewerWanted(true);
            setViewer({ modelId: model.modelId, index });
          }}
          onDeletePhoto={(photo) => askDeletePhoto(photo, false)}
          onReorder={(model, ids) => void actions.reorderPhotos(model.modelId, ids)}
          onDeleteModel={(model) => {
            setConfirmWanted(true);
            deletion.ask(model);
          }}
          onError={onError}
        />
      )}

      {trainWanted && data.profile ? (
        <Suspense fallback={null}>
          <TrainModelDialog
            open={trainOpen}
            userName={data.profile.name}
            onClose={() => setTrainOpen(false)}
            onStarted={(started) => {
              setTrainOpen(false);
              setExpanded((map) => new Map(map).set(started.modelId, true));
            }}
          />
        </Suspense>
      ) : null}
      {viewerWanted ? (
        <ModelPhotoViewer
          photos={viewer ? (modelPhotos.get(viewer.modelId) ?? []) : []}
          index={viewer?.index ?? null}
          locked={
            normalizeModelStatus(
              models.find((model) => model.modelId === viewer?.modelId)?.status,
            ) === 'training'
          }
          onIndexChange={(index) => setViewer((current) => current && { ...current, index })}
          onClose={() => setViewer(null)}
          onDelete={(photo) => askDeletePhoto(photo, true)}
        >
          {/* Nested in the viewer, so closing it gives the viewer back. */}
          {deleteFromViewer ? deletePhotoDialog : null}
        </ModelPhotoViewer>
      ) : null}
      {deleteFromViewer ? null : deletePhotoDialog}
      {confirmWanted ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={deletion.modelToDelete !== null}
            title={MODELS_TEXT.deleteModel}
            message={deletion.modelToDelete ? deleteModelMessage(deletion.modelToDelete.name) : ''}
            confirmLabel={MODELS_TEXT.deleteModel}
            busyLabel={MODELS_TEXT.deleting}
            destructive
            error={deletion.deleteModelError}
            onConfirm={deletion.confirm}
            onDismiss={deletion.dismiss}
          />
        </Suspense>
      ) : null}
    </section>
  );
}

/** A model's photos one at a time, with Delete Photo (not while the model trains). */
function ModelPhotoViewer({
  photos,
  index,
  locked,
  onIndexChange,
  onClose,
  onDelete,
  children,
}: {
  photos: readonly TrainingPhoto[];
  index: number | null;
  locked: boolean;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  onDelete: (photo: TrainingPhoto) => void;
  /** Dialogs opened from the viewer, nested in it. */
  children: ReactNode;
}) {
  const shownPhoto = index === null ? undefined : photos[index];
  return (
    <Suspense fallback={null}>
      <PhotoViewer
        photos={photos.map((photo) => ({
          key: photo.imageId,
          src: photo.displayUrl ?? '',
          alt: photo.filename,
        }))}
        index={index !== null && index < photos.length ? index : null}
        onIndexChange={onIndexChange}
        onClose={onClose}
        caption={shownPhoto?.filename}
        actions={
          <>
            {shownPhoto ? (
              <PhotoViewerAction
                icon={<DeleteRegular />}
                label={MODELS_TEXT.deletePhoto}
                disabled={locked}
                onClick={() => onDelete(shownPhoto)}
              />
            ) : null}
            {children}
          </>
        }
      />
    </Suspense>
  );
}

/** Why the page is shown from /generate, and what failed: loading, or a change to a photo or model. */
function ModelsNotices({
  fromGenerate,
  loadFailed,
  onDismissLoadFailure,
  onRetryLoad,
  error,
  onDismissError,
}: {
  fromGenerate: boolean;
  loadFailed: boolean;
  onDismissLoadFailure: () => void;
  onRetryLoad: () => void;
  error: string | null;
  onDismissError: () => void;
}) {
  const styles = useStyles();
  return (
    <>
      {fromGenerate ? (
        <div className={styles.note} role="status" data-testid="from-generate">
          <InfoRegular className={styles.noteIcon} aria-hidden />
          <span>{MODELS_TEXT.fromGenerate}</span>
        </div>
      ) : null}
      {loadFailed ? (
        <Suspense fallback={null}>
          <ErrorAlert
            message={MODELS_TEXT.loadFailed}
            onDismiss={onDismissLoadFailure}
            onRetry={onRetryLoad}
          />
        </Suspense>
      ) : null}
      {error ? (
        <Suspense fallback={null}>
          <ErrorAlert message={error} onDismiss={onDismissError} />
        </Suspense>
      ) : null}
    </>
  );
}
