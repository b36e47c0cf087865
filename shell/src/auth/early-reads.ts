import type { ApiKey } from '@app/shared/data/api-key';
import { GALLERY_FIRST_FILTER, preloadMediaPages } from '@app/shared/data/media';
import { preloadRead } from '@app/shared/data/preload-read';

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
  for (const { key, request } of reads) preloadRead(key, request);
  if (opensGallery) preloadMediaPages(GALLERY_FIRST_FILTER);
}
