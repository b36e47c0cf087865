import { bus } from '@app/shared/bus';
import type { TrainingPhoto } from '@app/shared/contract/media';
import type { ModelSummary } from '@app/shared/contract/models';
import { deleteModel, retryTraining } from '@app/shared/data/models';
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
import { lazy, Suspense, useCallback, useMemo, useRef, useState } from 'react';
import { useSearchParams } from '@app/shared/navigation';
import { newIdempotencyKey } from '../../training/utils/idempotency-key';
import { useLiveTraining } from '../hooks/use-live-training';
import { useModelsData } from '../hooks/use-models-data';
import { usePhotoActions } from '../hooks/use-photo-actions';
import { failureMessage } from '../utils/error-message';
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
  const [modelToDelete, setModelToDelete] = useState<ModelSummary | null>(null);
  const [deleteModelError, setDeleteModelError] = useState<string | null>(null);
  const [confirmWanted, setConfirmWanted] = useState(false);
  const [retrying, setRetrying] = useState<string | null>(null);
  const [deletingModel, setDeletingModel] = useState(false);
  const retryKeys = useRef(new Map<string, string>());

  const readyCount = models.filter((model) => normalizeModelStatus(model.status) === 'ready');
  const anyTraining = models.some((model) => normalizeModelStatus(model.status) === 'training');
  const fromGenerate = searchParams.get('from') === 'generate' && readyCount.length === 0;

  const isExpanded = (model: ModelSummary, index: number) =>
    expanded.get(model.modelId) ??
    (index === 0 || normalizeModelStatus(model.status) !== 'ready' || models.length <= 2);

  const openTraining = () => {
    setTrainWanted(true);
    setTrainOpen(true);
  };

  const retry = async (model: ModelSummary) => {
    setRetrying(model.modelId);
    const key = retryKeys.current.get(model.modelId) ?? newIdempotencyKey();
    retryKeys.current.set(model.modelId, key);
    try {
      await retryTraining(model.modelId, key);
      retryKeys.current.delete(model.modelId);
    } catch (failure) {
      setError(failureMessage(failure, MODELS_TEXT.startTrainingFailed));
    } finally {
      setRetrying(null);
    }
  };

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

  const confirmDeleteModel = async () => {
    if (!modelToDelete) return;
    setDeleteModelError(null);
    setDeletingModel(true);
    try {
      await deleteModel(modelToDelete.modelId);
      const wasReady = normalizeModelStatus(modelToDelete.status) === 'ready';
      bus.emit('models:changed', { readyModelCount: readyCount.length - (wasReady ? 1 : 0) });
    } catch (failure) {
      setDeleteModelError(failureMessage(failure, MODELS_TEXT.deleteModelFailed));
      throw failure;
    } finally {
      setDeletingModel(false);
    }
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

  const viewerPhotos = viewer ? (modelPhotos.get(viewer.modelId) ?? []) : [];
  const shownPhoto = viewer ? viewerPhotos[viewer.index] : undefined;

  return (
    <section data-testid="remote-models" className={styles.page}>
      <ModelsHeader refreshing={data.refreshing} onRefresh={() => void data.refresh()} />
      {fromGenerate ? (
        <div className={styles.note} role="status" data-testid="from-generate">
          <InfoRegular className={styles.noteIcon} aria-hidden />
          <span>{MODELS_TEXT.fromGenerate}</span>
        </div>
      ) : null}
      {data.loadFailed ? (
        <Suspense fallback={null}>
          <ErrorAlert
            message={MODELS_TEXT.loadFailed}
            onDismiss={data.dismissLoadFailure}
            onRetry={() => void data.retry()}
          />
        </Suspense>
      ) : null}
      {error ? (
        <Suspense fallback={null}>
          <ErrorAlert message={error} onDismiss={() => setError(null)} />
        </Suspense>
      ) : null}
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
          addDisabled={anyTraining || retrying !== null || deletingModel}
          isExpanded={isExpanded}
          onToggle={(model, index) =>
            setExpanded((map) => new Map(map).set(model.modelId, !isExpanded(model, index)))
          }
          onAddModel={openTraining}
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
            setDeleteModelError(null);
            setModelToDelete(model);
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
        <Suspense fallback={null}>
          <PhotoViewer
            photos={viewerPhotos.map((photo) => ({
              key: photo.imageId,
              src: photo.displayUrl ?? '',
              alt: photo.filename,
            }))}
            index={viewer && viewer.index < viewerPhotos.length ? viewer.index : null}
            onIndexChange={(index) => setViewer((current) => current && { ...current, index })}
            onClose={() => setViewer(null)}
            caption={shownPhoto?.filename}
            actions={
              <>
                {shownPhoto ? (
                  <PhotoViewerAction
                    icon={<DeleteRegular />}
                    label={MODELS_TEXT.deletePhoto}
                    disabled={
                      normalizeModelStatus(
                        models.find((model) => model.modelId === viewer?.modelId)?.status,
                      ) === 'training'
                    }
                    onClick={() => askDeletePhoto(shownPhoto, true)}
                  />
                ) : null}
                {/* Nested in the viewer, so closing it gives the viewer back. */}
                {deleteFromViewer ? deletePhotoDialog : null}
              </>
            }
          />
        </Suspense>
      ) : null}
      {deleteFromViewer ? null : deletePhotoDialog}
      {confirmWanted ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={modelToDelete !== null}
            title={MODELS_TEXT.deleteModel}
            message={modelToDelete ? deleteModelMessage(modelToDelete.name) : ''}
            confirmLabel={MODELS_TEXT.deleteModel}
            busyLabel={MODELS_TEXT.deleting}
            destructive
            error={deleteModelError}
            onConfirm={confirmDeleteModel}
            onDismiss={() => setModelToDelete(null)}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
