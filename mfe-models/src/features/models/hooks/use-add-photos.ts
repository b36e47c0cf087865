import { ApiError } from '@app/shared/api-client';
import { addModelPhotos } from '@app/shared/data/models';
import { useLocalPreviews } from '@app/shared/upload/use-local-previews';
import { useUploader } from '@app/shared/upload/use-uploader';
import { MODELS_TEXT } from '@app/shared/spec';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { IncomingPhoto } from '../components/model-photos';
import { failureMessage } from '../utils/error-message';

const NONE: ReadonlySet<string> = new Set();

/** The server said no (too many photos, the model now training): trying again cannot help. */
const refused = (error: unknown) =>
  error instanceof ApiError && error.status < 500 && error.status !== 408 && error.status !== 429;

/**
 * Add Photos to an existing model: the files upload (presigned, each with its progress), then
 * the uploaded ones join the model in one call. A failed upload stays with its Retry; the
 * others are not held back by it. When that call fails, the row's alert says why: uploads it
 * refused leave the row, and after any other failure (offline, a timeout) they stay with a Retry
 * instead of being sent again by themselves.
 */
export function useAddPhotos(modelId: string, onError: (message: string) => void) {
  const uploader = useUploader();
  const { cancel, retry: retryUpload } = uploader;
  const attaching = useRef(false);
  const [unattached, setUnattached] = useState(NONE);
  const { urls: previews, request: requestPreview, drop: dropPreview } = useLocalPreviews();
  const { items, summary } = uploader;

  const add = (files: readonly File[]) => {
    const ids = uploader.add(files);
    ids.forEach((id, index) => requestPreview(id, files[index] as File));
  };

  useEffect(() => {
    if (attaching.current || summary.pending > 0) return;
    const done = items.filter(
      (item) => item.status === 'done' && item.imageId && !unattached.has(item.id),
    );
    if (done.length === 0) return;
    attaching.current = true;
    const leave = () => {
      for (const item of done) {
        cancel(item.id);
        dropPreview(item.id);
      }
    };
    addModelPhotos(modelId, { photoIds: done.map((item) => item.imageId as string) })
      .then(leave)
      .catch((error: unknown) => {
        onError(failureMessage(error, MODELS_TEXT.addPhotosFailed));
        if (refused(error)) leave();
        else setUnattached((ids) => new Set([...ids, ...done.map((item) => item.id)]));
      })
      .finally(() => {
        attaching.current = false;
      });
  }, [items, summary.pending, unattached, modelId, cancel, onError, dropPreview]);

  // The same list until an upload or a preview changes: the row re-renders on each new one.
  const incoming: IncomingPhoto[] = useMemo(
    () =>
      items.map((item) => ({
        item: unattached.has(item.id)
          ? { ...item, status: 'failed' as const, error: MODELS_TEXT.addPhotosFailed }
          : item,
        previewUrl: previews.get(item.id),
      })),
    [items, previews, unattached],
  );

  // The uploads that failed to join the model joined in one call: they try again together.
  const retry = useCallback(
    (id: string) => (unattached.has(id) ? setUnattached(NONE) : retryUpload(id)),
    [unattached, retryUpload],
  );

  return { incoming, add, retry };
}
