import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import {
  UploadQueue,
  summarizeUploads,
  uploadedImageIds,
  type UploadItem,
  type UploadQueueOptions,
  type UploadSource,
  type UploadSummary,
} from './upload-queue';

export interface Uploader {
  /** Every file added and not cancelled, in the order added. */
  items: readonly UploadItem[];
  summary: UploadSummary;
  /** Ids of the uploaded images, in list order (what POST /media/start-training takes). */
  imageIds: string[];
  add: (sources: ReadonlyArray<File | UploadSource>) => string[];
  retry: (id: string) => void;
  cancel: (id: string) => void;
  clear: () => void;
  whenIdle: () => Promise<readonly UploadItem[]>;
}

/**
 * Presigned uploads with a state per file (queued, uploading with progress, done with its imageId,
 * failed with its message). The queue lives as long as the component; unmounting cancels what is
 * still running.
 */
export function useUploader(options?: UploadQueueOptions): Uploader {
  const [queue] = useState(() => new UploadQueue(options));
  const items = useSyncExternalStore(queue.subscribe, queue.getSnapshot, queue.getSnapshot);
  useEffect(() => () => queue.clear(), [queue]);
  // Stable functions, so callers can list them as effect dependencies.
  const actions = useMemo(
    () => ({
      add: (sources: ReadonlyArray<File | UploadSource>) => queue.add(sources),
      retry: (id: string) => queue.retry(id),
      cancel: (id: string) => queue.cancel(id),
      clear: () => queue.clear(),
      whenIdle: () => queue.whenIdle(),
    }),
    [queue],
  );
  return { items, summary: summarizeUploads(items), imageIds: uploadedImageIds(items), ...actions };
}
