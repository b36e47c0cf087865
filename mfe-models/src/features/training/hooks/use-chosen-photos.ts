import type { TrainingPhoto } from '@app/shared/contract/media';
import { deleteTrainingPhoto, trainingPhotosChanged } from '@app/shared/data/media';
import { useLocalPreviews } from '@app/shared/upload/use-local-previews';
import { useUploader } from '@app/shared/upload/use-uploader';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { photoState, type ChosenPhotoState } from '../utils/photo-state';

/** One photo of the Train New Model dialog, chosen now or uploaded earlier and not yet trained. */
interface ChosenPhotoEntry {
  key: string;
  filename: string;
  /** The uploader's item of a photo chosen in this visit. */
  uploadId?: string;
  /** The chosen file itself: previewed, shown whole and cropped without a round trip. */
  file?: Blob;
  /** Its object URL (for the whole photo), revoked when the photo leaves. */
  fileUrl?: string;
  /** A photo uploaded earlier (not in any model yet): its id. */
  storedId?: string;
}

export interface ChosenPhoto {
  key: string;
  filename: string;
  state: ChosenPhotoState;
  /** Known once uploaded. */
  imageId: string | undefined;
  /** The thumbnail to show: a small local preview of a chosen file, else the api's thumbnail. */
  previewUrl: string | undefined;
  /** The whole photo, for the preview and the crop. */
  fullUrl: string | undefined;
}

/** Photo removal is not the user's business to wait for; a failure only leaves a stray photo. */
function discardStored(imageId: string): void {
  deleteTrainingPhoto(imageId).catch((error: unknown) =>
    console.warn('A removed photo could not be deleted', error),
  );
}

/**
 * The dialog's photos: each uploads as soon as it is chosen (presigned, with its progress), is
 * checked by the api for a usable face, and can be retried, cropped (the crop is uploaded in its
 * place) or removed. `stored` is the user's uploaded training photos, with their checks.
 */
export function useChosenPhotos(stored: readonly TrainingPhoto[] | undefined) {
  const uploader = useUploader();
  const { urls: previewUrls, request: requestPreview, drop: dropPreview } = useLocalPreviews();
  const [entries, setEntries] = useState<ChosenPhotoEntry[]>([]);
  // Every object URL made and not yet revoked, for the unmount.
  const liveUrls = useRef(new Set<string>());
  // Uploaded photos removed here: not offered again while their deletion is on its way.
  const removedIds = useRef(new Set<string>());

  const urlFor = (file: Blob) => {
    const url = URL.createObjectURL(file);
    liveUrls.current.add(url);
    return url;
  };
  const revoke = (url: string | undefined) => {
    if (!url) return;
    URL.revokeObjectURL(url);
    liveUrls.current.delete(url);
  };
  useEffect(() => {
    const urls = liveUrls.current;
    return () => {
      for (const url of urls) URL.revokeObjectURL(url);
      urls.clear();
    };
  }, []);

  const storedById = useMemo(
    () => new Map((stored ?? []).map((photo) => [photo.imageId, photo])),
    [stored],
  );
  const uploads = useMemo(
    () => new Map(uploader.items.map((item) => [item.id, item])),
    [uploader.items],
  );

  // Each finished upload is read back with its check (which then runs on the server).
  const doneCount = uploader.summary.done;
  useEffect(() => {
    if (doneCount > 0) void trainingPhotosChanged();
  }, [doneCount]);

  const photos: ChosenPhoto[] = entries.map((entry) => {
    const upload = entry.uploadId ? uploads.get(entry.uploadId) : undefined;
    const imageId = entry.storedId ?? upload?.imageId;
    const listed = imageId ? storedById.get(imageId) : undefined;
    return {
      key: entry.key,
      filename: entry.filename,
      state: photoState(upload, imageId ? listed?.photoCheck : undefined),
      imageId,
      previewUrl: previewUrls.get(entry.key) ?? listed?.thumbnailUrl,
      fullUrl: entry.fileUrl ?? listed?.displayUrl,
    };
  });

  const add = useCallback(
    (files: readonly File[]) => {
      const ids = uploader.add(files);
      const added = files.map((file, index) => ({
        key: ids[index] ?? file.name,
        uploadId: ids[index],
        file,
        fileUrl: urlFor(file),
        filename: file.name,
      }));
      for (const entry of added) requestPreview(entry.key, entry.file);
      setEntries((list) => [...list, ...added]);
    },
    [uploader, requestPreview],
  );

  /** Uploaded earlier, not in a model yet: offered again, after the ones already here. */
  const addStored = useCallback((photosToAdd: readonly TrainingPhoto[]) => {
    setEntries((list) => [
      ...list,
      ...photosToAdd.map((photo) => ({
        key: `stored-${photo.imageId}`,
        storedId: photo.imageId,
        filename: photo.filename,
      })),
    ]);
  }, []);

  const discard = (entry: ChosenPhotoEntry) => {
    const upload = entry.uploadId ? uploads.get(entry.uploadId) : undefined;
    const uploaded = entry.storedId ?? (upload?.status === 'done' ? upload.imageId : undefined);
    if (uploaded) {
      removedIds.current.add(uploaded);
      discardStored(uploaded);
    }
    if (entry.uploadId) uploader.cancel(entry.uploadId);
    revoke(entry.fileUrl);
    dropPreview(entry.key);
  };

  const remove = (key: string) => {
    const entry = entries.find((item) => item.key === key);
    if (!entry) return;
    discard(entry);
    setEntries((list) => list.filter((item) => item.key !== key));
  };

  /** The crop takes the photo's place: uploaded as a new photo, the old one removed. */
  const replace = (key: string, file: Blob, filename: string) => {
    const entry = entries.find((item) => item.key === key);
    if (!entry) return;
    const [uploadId] = uploader.add([{ file, filename, contentType: 'image/jpeg' }]);
    if (!uploadId) return;
    discard(entry);
    const cropped = { key: uploadId, uploadId, file, fileUrl: urlFor(file), filename };
    requestPreview(cropped.key, file);
    setEntries((list) => list.map((item) => (item.key === key ? cropped : item)));
  };

  /** Cancel: every photo of the dialog goes, its upload stopped or the uploaded file deleted. */
  const discardAll = () => {
    for (const entry of entries) discard(entry);
    setEntries([]);
  };

  const retry = (key: string) => {
    const entry = entries.find((item) => item.key === key);
    if (entry?.uploadId) uploader.retry(entry.uploadId);
  };

  /** After a training started: its photos now belong to the model; nothing is deleted. */
  const reset = () => {
    uploader.clear();
    for (const entry of entries) {
      revoke(entry.fileUrl);
      dropPreview(entry.key);
    }
    setEntries([]);
  };

  const fileOf = (key: string) => entries.find((entry) => entry.key === key)?.file;

  const wasRemoved = (imageId: string) => removedIds.current.has(imageId);

  return { photos, add, addStored, remove, discardAll, wasRemoved, replace, retry, reset, fileOf };
}
