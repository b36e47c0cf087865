import { addModelPhotos } from '@app/shared/data/models';
import { useUploader } from '@app/shared/upload/use-uploader';
import { MODELS_TEXT } from '@app/shared/spec';
import { useEffect, useMemo, useRef, useState } from 'react';
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
  const [previews, setPreviews] = useState(new Map<string, string>());
  const { items, summary } = uploader;

  const add = (files: readonly File[]) => {
    const ids = uploader.add(files);
    const urls = ids.map((id, index) => [id, URL.createObjectURL(files[index] as File)] as const);
    setPreviews((map) => new Map([...map, ...urls]));
  };
  const drop = (ids: readonly string[]) =>
    setPreviews((map) => {
      const next = new Map(map);
      for (const id of ids) {
        const url = next.get(id);
        if (url) URL.revokeObjectURL(url);
        next.delete(id);
      }
      return next;
    });

  useEffect(() => {
    if (attaching.current || summary.pending > 0 || summary.done === 0) return;
    const done = items.filter((item) => item.status === 'done' && item.imageId);
    attaching.current = true;
    addModelPhotos(modelId, { photoIds: done.map((item) => item.imageId as string) })
      .then(() => {
        for (const item of done) uploader.cancel(item.id);
        drop(done.map((item) => item.id));
      })
      .catch((error: unknown) => onError(failureMessage(error, MODELS_TEXT.addPhotosFailed)))
      .finally(() => {
        attaching.current = false;
      });
  }, [items, summary.pending, summary.done, modelId, uploader, onError]);

  // Revoked when the row goes; read through a ref so the cleanup sees the latest ones.
  const latest = useRef(previews);
  useEffect(() => {
    latest.current = previews;
  }, [previews]);
  useEffect(() => () => latest.current.forEach((url) => URL.revokeObjectURL(url)), []);

  // The same list until an upload or a preview changes: the row re-renders on each new one.
  const incoming: IncomingPhoto[] = useMemo(
    () => items.map((item) => ({ item, previewUrl: previews.get(item.id) ?? '' })),
    [items, previews],
  );

  return { incoming, add, retry: uploader.retry };
}
