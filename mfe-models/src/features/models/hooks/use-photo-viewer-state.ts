import type { TrainingPhoto } from '@app/shared/contract/media';
import type { ModelSummary } from '@app/shared/contract/models';
import { viewerIndexAfterDelete } from '@app/shared/ui/photo-viewer-logic';
import { useState } from 'react';

interface PhotoToDelete {
  photo: TrainingPhoto;
  /** Deleted from the viewer: it moves on to the neighbour. */
  inViewer: boolean;
}

/**
 * The photo viewer of a model's photos and the Delete Photo question, asked from a tile or from
 * the viewer (then the dialog nests in the viewer, and the viewer moves on to the neighbour).
 */
export function usePhotoViewerState(
  modelPhotos: ReadonlyMap<string, TrainingPhoto[]>,
  deletePhoto: (imageId: string) => Promise<void>,
  clearError: () => void,
) {
  const [viewer, setViewer] = useState<{ modelId: string; index: number } | null>(null);
  const [viewerWanted, setViewerWanted] = useState(false);
  const [photoToDelete, setPhotoToDelete] = useState<PhotoToDelete | null>(null);
  const [deleteFromViewer, setDeleteFromViewer] = useState(false);
  const [confirmWanted, setConfirmWanted] = useState(false);

  const viewerPhotos = viewer ? (modelPhotos.get(viewer.modelId) ?? []) : [];

  return {
    viewer,
    viewerWanted,
    viewerPhotos,
    shownPhoto: viewer ? viewerPhotos[viewer.index] : undefined,
    photoToDelete,
    deleteFromViewer,
    confirmWanted,
    open(model: ModelSummary, index: number) {
      setViewerWanted(true);
      setViewer({ modelId: model.modelId, index });
    },
    moveTo: (index: number) => setViewer((current) => current && { ...current, index }),
    close: () => setViewer(null),
    askDelete(photo: TrainingPhoto, inViewer: boolean) {
      setConfirmWanted(true);
      setDeleteFromViewer(inViewer);
      setPhotoToDelete({ photo, inViewer });
    },
    dismissDelete: () => setPhotoToDelete(null),
    confirmDelete() {
      if (!photoToDelete) return;
      const { photo, inViewer } = photoToDelete;
      if (inViewer && viewer) {
        const next = viewerIndexAfterDelete(viewer.index, viewerPhotos.length - 1);
        setViewer(next === null ? null : { ...viewer, index: next });
      }
      clearError();
      // Shown at once; put back with the spec's message if the server refuses.
      void deletePhoto(photo.imageId);
    },
  };
}

export type PhotoViewerState = ReturnType<typeof usePhotoViewerState>;
