import { addModelPhotos } from '@app/shared/data/models';
import { useLocalPreviews } from '@app/shared/upload/use-local-previews';
import { useUploader } from '@app/shared/upload/use-uploader';
import { MODELS_TEXT } from '@app/shared/spec';
import { useEffect, useMemo, useRef } from 'react';
import type { IncomingPhoto } from '../components/model-photos';
import { failureMessage } from '../utils/error-message';

/**
 * Add Photos to an existing model: the files upload (presigned, each with its progress), then
 * the uploaded ones join the model in one call. A failed upload stays with its Retry; the
 * others are not held back by it.
 */
export function useAddPhotos(modelId: string, onError: (message: string) => void) {
  const uploader = useUploader();
  const attaching = useRef(false);
  const { urls: previews, request: requestPreview, drop: dropPreview } = useLocalPreviews();
  const { items, summary } = uploader;

  const add = (files: readonly File[]) => {
    const ids = uploader.add(files);
    ids.forEach((id, index) => requestPreview(id, files[index] as File));
  };

  useEffect(() => {
    if (attaching.current || summary.pending > 0 || summary.done === 0) return;
    const done = items.filter((item) => item.status === 'done' && item.imageId);
    attaching.current = true;
    addModelPhotos(modelId, { photoIds: done.map((item) => item.imageId as string) })
      .then(() => {
        for (const item of done) {
          uploader.cancel(item.id);
          dropPreview(item.id);
        }
      })
      .catch((error: unknown) => onError(failureMessage(error, MODELS_TEXT.addPhotosFailed)))
      .finally(() => {
        attaching.current = false;
      });
  }, [items, summary.pending, summary.done, modelId, uploader, onError, dropPreview]);

  // The same list until an upload or a preview changes: the row re-renders on each new one.
  const incoming: IncomingPhoto[] = useMemo(
    () => items.map((item) => ({ item, previewUrl: previews.get(item.id) })),
    [items, previews],
  );

  return { incoming, add, retry: uploader.retry };
}
