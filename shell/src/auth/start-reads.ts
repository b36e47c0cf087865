import { apiUrl } from '@app/shared/api-client';
import { GALLERY_FIRST_FILTER, mediaKeys, userKeys, type ApiKey } from '@app/shared/data/api-key';
import { GALLERY_STORAGE_KEY, galleryPageId } from '@app/shared/data/media-cache';
import type { RemoteName } from '@app/shared/runtime-config';
import { GALLERY_CACHE_TTL_MS } from '@app/shared/spec';
import type { EarlyReadSpec } from '../first-paint/first-paint-decision';

/**
 * What a returning user's start reads before any page asks: the profile on every page, and the
 * first read of the page's remote (the gallery's is the first page of its first list, which
 * `preloadMediaPages` reads together with the pages it kept).
 */
export const EVERY_PAGE_READS: readonly ApiKey[] = [userKeys.profile()];
export const REMOTE_FIRST_READS: Readonly<Partial<Record<RemoteName, ApiKey>>> = {
  gallery: mediaKeys.page(GALLERY_FIRST_FILTER),
  models: mediaKeys.trainingPhotos(),
};

/**
 * The same reads for the inline script of index.html: API paths with their queries, and the
 * gallery's page as the gallery stores it, which it does not read again while that is fresh.
 */
export function startReadSpecs(): {
  everyPage: EarlyReadSpec[];
  byRemote: Record<string, EarlyReadSpec[]>;
} {
  const specOf = (key: ApiKey): EarlyReadSpec => ({ path: apiUrl('', key[0], key[1]) });
  const byRemote: Record<string, EarlyReadSpec[]> = {};
  for (const [remote, key] of Object.entries(REMOTE_FIRST_READS)) {
    byRemote[remote] = [
      remote === 'gallery'
        ? {
            ...specOf(key),
            unlessStored: {
              storageKey: GALLERY_STORAGE_KEY,
              pageId: galleryPageId(key),
              freshForMs: GALLERY_CACHE_TTL_MS,
            },
          }
        : specOf(key),
    ];
  }
  return { everyPage: EVERY_PAGE_READS.map(specOf), byRemote };
}
