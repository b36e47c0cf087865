import { isOnline } from '@app/shared/api-client';
import { deleteMedia, deleteTrainingPhoto, type GalleryItem } from '@app/shared/data/media';
import { COMMON_TEXT, GALLERY_TEXT, MODELS_TEXT } from '@app/shared/spec';
import { ConfirmDialog } from '@app/shared/ui/confirm-dialog';
import { viewerIndexAfterDelete } from '@app/shared/ui/photo-viewer-logic';
import { useState } from 'react';
import { actionFailedMessage } from '../api/gallery-messages';

/**
 * The spec's confirmation before the viewer's image is deleted (a training photo's own texts for
 * a photo). Once it is gone, `onDeleted` gets the image to show next, or null after the last one.
 */
export function ViewerDeleteDialog({
  image,
  items,
  onDeleted,
  onDismiss,
}: {
  /** The image to delete; null while the dialog is closed. */
  image: GalleryItem | null;
  items: readonly GalleryItem[];
  onDeleted: (nextIndex: number | null) => void;
  onDismiss: () => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const training = image?.type === 'training';

  const confirm = async () => {
    if (!image) return;
    const deletedIndex = items.indexOf(image);
    setError(null);
    try {
      if (training) await deleteTrainingPhoto(image.imageId);
      else await deleteMedia(image.imageId);
    } catch (failure) {
      setError(actionFailedMessage(GALLERY_TEXT.deleteFailed, isOnline()));
      throw failure;
    }
    onDeleted(viewerIndexAfterDelete(deletedIndex, items.length - 1));
  };

  return (
    <ConfirmDialog
      open={image !== null}
      title={training ? MODELS_TEXT.deletePhotoTitle : GALLERY_TEXT.deleteTitle}
      message={training ? MODELS_TEXT.deletePhotoConfirm : GALLERY_TEXT.deleteConfirm}
      confirmLabel={COMMON_TEXT.delete}
      busyLabel={MODELS_TEXT.deleting}
      destructive
      error={error}
      onConfirm={confirm}
      onDismiss={() => {
        setError(null);
        onDismiss();
      }}
    />
  );
}
