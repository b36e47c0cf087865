import type { TrainingPhotos } from '@app/shared/contract/media';
import type { ApiKey } from '@app/shared/data/api-key';
import {
  fetchTrainingPhotos,
  GALLERY_FIRST_FILTER,
  mediaKeys,
  preloadMediaPages,
} from '@app/shared/data/media';
import { preloadRead } from '@app/shared/data/preload-read';

const TRAINING_PHOTOS = JSON.stringify(mediaKeys.trainingPhotos());

/** A read bootstrap sent as the app began, before SWR's code had loaded. */
export interface EarlyRead {
  key: ApiKey;
  request: Promise<unknown>;
}

/**
 * Hands SWR the reads bootstrap started for a returning user (the profile, and what the route's
 * page reads first) and starts the gallery's first list when the gallery opens: each page's first
 * read takes them over instead of asking once it has rendered.
 */
export function takeOverEarlyReads(reads: readonly EarlyRead[], opensGallery: boolean): void {
  for (const { key, request } of reads) {
    // Offline, the training photos are the list kept from the last visit, as the page's own read.
    const read =
      JSON.stringify(key) === TRAINING_PHOTOS
        ? fetchTrainingPhotos(key, request as Promise<TrainingPhotos>)
        : request;
    preloadRead(key, read);
  }
  if (opensGallery) preloadMediaPages(GALLERY_FIRST_FILTER);
}
