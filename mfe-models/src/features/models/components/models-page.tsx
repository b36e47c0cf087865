import { DelayedSpinner } from '@app/shared/ui/loading';
import { useOnlineStatus } from '@app/shared/ui/use-online-status';
import { MODELS_TEXT, normalizeModelStatus } from '@app/shared/spec';
import { makeStyles, MessageBar, MessageBarBody, tokens } from '@fluentui/react-components';
import { InfoRegular } from '@fluentui/react-icons';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useSearchParams } from '@app/shared/navigation';
import { useDeleteModel } from '../hooks/use-delete-model';
import { useDeleteTrainingPhotos } from '../hooks/use-delete-training-photos';
import { useExpandedRows } from '../hooks/use-expanded-rows';
import { useLiveTraining } from '../hooks/use-live-training';
import { useModelsData } from '../hooks/use-models-data';
import { usePhotoActions } from '../hooks/use-photo-actions';
import { usePhotoViewerState } from '../hooks/use-photo-viewer-state';
import { useRetryTraining } from '../hooks/use-retry-training';
import { photosByModel } from '../utils/model-photos';
import {
  DeleteModelDialog,
  DeletePhotoDialog,
  DeleteTrainingPhotosDialog,
  ModelsPhotoViewer,
} from './models-dialogs';
import { ModelsCard } from './models-card';
import { ModelsHeader } from './models-header';

// Everything below opens on demand; none of it is part of the page's first load.
const TrainModelDialog = lazy(() => import('../../training/components/train-model-dialog'));
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
  const rows = useExpandedRows(models);
  const { retrying, retry } = useRetryTraining(onError);
  const readyCount = models.filter((model) => normalizeModelStatus(model.status) === 'ready');
  const modelDelete = useDeleteModel(readyCount.length);
  const photosDelete = useDeleteTrainingPhotos();
  const viewer = usePhotoViewerState(modelPhotos, actions.deletePhoto, () => setError(null));
  // Offline, the page shows the models and photos as last seen (kept on this device).
  const offline = !useOnlineStatus() && data.profile !== undefined;

  const anyTraining = models.some((model) => normalizeModelStatus(model.status) === 'training');
  const fromGenerate = searchParams.get('from') === 'generate' && readyCount.length === 0;

  return (
    <section data-testid="remote-models" className={styles.page}>
      <ModelsHeader refreshing={data.refreshing} onRefresh={() => void data.refresh()} />
      {fromGenerate ? (
        <div className={styles.note} role="status" data-testid="from-generate">
          <InfoRegular className={styles.noteIcon} aria-hidden />
          <span>{MODELS_TEXT.fromGenerate}</span>
        </div>
      ) : null}
      {offline ? (
        <MessageBar intent="info" data-testid="models-offline">
          <MessageBarBody>{MODELS_TEXT.showingSaved}</MessageBarBody>
        </MessageBar>
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
          addDisabled={anyTraining || retrying !== null || modelDelete.deleting || offline}
          offline={offline}
          isExpanded={rows.isExpanded}
          onToggle={rows.toggle}
          onAddModel={() => {
            setTrainWanted(true);
            setTrainOpen(true);
          }}
          retrying={retrying}
          onRetry={(model) => void retry(model)}
          onOpenPhoto={viewer.open}
          onDeletePhoto={(photo) => viewer.askDelete(photo, false)}
          onReorder={(model, ids) => void actions.reorderPhotos(model.modelId, ids)}
          onDeleteModel={modelDelete.ask}
          onDeleteTrainingPhotos={photosDelete.ask}
          onError={onError}
        />
      )}

      {trainWanted && data.profile ? (
        <Suspense fallback={null}>
          <TrainModelDialog
            open={trainOpen}
            userName={data.profile.name}
            engine={data.profile.trainingEngine}
            onClose={() => setTrainOpen(false)}
            onStarted={(started) => {
              setTrainOpen(false);
              rows.expand(started.modelId);
            }}
          />
        </Suspense>
      ) : null}
      <ModelsPhotoViewer state={viewer} models={models} offline={offline}>
        {/* Nested in the viewer, so closing it gives the viewer back. */}
        {viewer.deleteFromViewer ? <DeletePhotoDialog state={viewer} /> : null}
      </ModelsPhotoViewer>
      {viewer.deleteFromViewer ? null : <DeletePhotoDialog state={viewer} />}
      <DeleteModelDialog state={modelDelete} />
      <DeleteTrainingPhotosDialog state={photosDelete} models={models} />
    </section>
  );
}
