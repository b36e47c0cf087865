import type { ModelSummary } from '@app/shared/contract/models';
import {
  COMMON_TEXT,
  MODELS_TEXT,
  deleteModelMessage,
  deleteTrainingPhotosMessage,
  normalizeModelStatus,
} from '@app/shared/spec';
import { DeleteRegular } from '@fluentui/react-icons';
import { lazy, Suspense, type ReactNode } from 'react';
import type { useDeleteModel } from '../hooks/use-delete-model';
import type { useDeleteTrainingPhotos } from '../hooks/use-delete-training-photos';
import type { PhotoViewerState } from '../hooks/use-photo-viewer-state';

// Everything here opens on demand; none of it is part of the page's first load.
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

/** 'Delete Photo' (spec §2), once it was first asked for. */
export function DeletePhotoDialog({ state }: { state: PhotoViewerState }) {
  if (!state.confirmWanted) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialog
        open={state.photoToDelete !== null}
        title={MODELS_TEXT.deletePhotoTitle}
        message={MODELS_TEXT.deletePhotoConfirm}
        confirmLabel={COMMON_TEXT.delete}
        destructive
        onConfirm={state.confirmDelete}
        onDismiss={state.dismissDelete}
      />
    </Suspense>
  );
}

/** 'Delete Model' (spec §2), once it was first asked for. */
export function DeleteModelDialog({ state }: { state: ReturnType<typeof useDeleteModel> }) {
  if (!state.wanted) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialog
        open={state.model !== null}
        title={MODELS_TEXT.deleteModel}
        message={state.model ? deleteModelMessage(state.model.name) : ''}
        confirmLabel={MODELS_TEXT.deleteModel}
        busyLabel={MODELS_TEXT.deleting}
        destructive
        error={state.error}
        onConfirm={state.confirm}
        onDismiss={state.dismiss}
      />
    </Suspense>
  );
}

/**
 * "Delete my training photos": what goes (the model's photos, the copy at the provider) and what
 * stays (the model; photos another model uses), once it was first asked for.
 */
export function DeleteTrainingPhotosDialog({
  state,
  models,
}: {
  state: ReturnType<typeof useDeleteTrainingPhotos>;
  models: readonly ModelSummary[];
}) {
  if (!state.wanted) return null;
  const target = state.model;
  const others = new Set(
    models
      .filter((model) => model.modelId !== target?.modelId)
      .flatMap((model) => model.trainingPhotos),
  );
  const photos = target?.trainingPhotos ?? [];
  const kept = photos.filter((id) => others.has(id)).length;
  return (
    <Suspense fallback={null}>
      <ConfirmDialog
        open={target !== null}
        title={MODELS_TEXT.deleteTrainingPhotos}
        message={target ? deleteTrainingPhotosMessage(target.name, photos.length - kept, kept) : ''}
        confirmLabel={COMMON_TEXT.delete}
        busyLabel={MODELS_TEXT.deletingTrainingPhotos}
        destructive
        error={state.error}
        onConfirm={state.confirm}
        onDismiss={state.dismiss}
      />
    </Suspense>
  );
}

/** The full-screen viewer of one model's photos, with Delete Photo (not while it trains or offline). */
export function ModelsPhotoViewer({
  state,
  models,
  offline,
  children,
}: {
  state: PhotoViewerState;
  models: readonly ModelSummary[];
  /** Deleting needs the network. */
  offline: boolean;
  /** Nested in the viewer (the Delete Photo dialog asked from it). */
  children: ReactNode;
}) {
  if (!state.viewerWanted) return null;
  const { viewer, viewerPhotos, shownPhoto } = state;
  const training =
    normalizeModelStatus(models.find((model) => model.modelId === viewer?.modelId)?.status) ===
    'training';
  return (
    <Suspense fallback={null}>
      <PhotoViewer
        photos={viewerPhotos.map((photo) => ({
          key: photo.imageId,
          src: photo.displayUrl ?? '',
          alt: photo.filename,
        }))}
        index={viewer && viewer.index < viewerPhotos.length ? viewer.index : null}
        onIndexChange={state.moveTo}
        onClose={state.close}
        caption={shownPhoto?.filename}
        actions={
          <>
            {shownPhoto ? (
              <PhotoViewerAction
                icon={<DeleteRegular />}
                label={MODELS_TEXT.deletePhoto}
                disabled={training || offline}
                onClick={() => state.askDelete(shownPhoto, true)}
              />
            ) : null}
            {children}
          </>
        }
      />
    </Suspense>
  );
}
