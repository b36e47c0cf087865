import { api, type QueryValue } from '@app/shared/api-client';
import type { MediaPage, MediaType } from '../contract/media';
import { GALLERY_PAGE_SIZE } from '../spec/constants';

/**
 * The SWR key of one API read: the path (what the cache is grouped by) and its query. Every key
 * is made by a resource's key helper, so a mutation invalidates through the same helper instead
 * of retyping a string.
 */
export type ApiKey = readonly [path: string, query?: Readonly<Record<string, QueryValue>>];

// The key helpers live here, apart from the hooks and SWR: the shell's start sends a returning
// user's first reads before SWR's code has loaded, by these same keys.

export const userKeys = {
  profile: (): ApiKey => ['/user'],
  trainingStatus: (): ApiKey => ['/user/training-status'],
};

/** The gallery's filter (spec §4): every image, or one type. */
export type MediaFilter = MediaType | 'all';

/** The list the gallery opens on: the user's creations. */
export const GALLERY_FIRST_FILTER: MediaFilter = 'generated';

type PageKeyGetter = (index: number, previous: MediaPage | null) => ApiKey | null;

export const mediaKeys = {
  /** One page of the list, newest first; the first page has no cursor. */
  page: (filter: MediaFilter, cursor?: string): ApiKey => [
    '/media',
    {
      ...(filter === 'all' ? {} : { type: filter }),
      includeUrls: true,
      limit: GALLERY_PAGE_SIZE,
      sort: 'createdAt:desc',
      ...(cursor === undefined ? {} : { cursor }),
    },
  ],
  /** The page after `previous`, by its cursor; null after the last page. */
  pages:
    (filter: MediaFilter): PageKeyGetter =>
    (index, previous) => {
      if (index === 0) return mediaKeys.page(filter);
      if (!previous?.hasMore || previous.nextCursor === null) return null;
      return mediaKeys.page(filter, previous.nextCursor);
    },
  /** The loaded pages of one list, as one SWR entry (see `useMediaPages`). */
  list: (filter: MediaFilter) => ['media-list', filter] as const,
  item: (imageId: string): ApiKey => [`/media/${encodeURIComponent(imageId)}`],
  trainingPhotos: (): ApiKey => ['/media/training-photos', { includeUrls: true }],
};

export const jobKeys = {
  status: (jobId: string): ApiKey => [`/generate/status/${encodeURIComponent(jobId)}`],
};

/** The fetcher behind every key: GET the path with the query, through the one API client. */
export function fetchApiKey<T>([path, query]: ApiKey): Promise<T> {
  return api.get<T>(path, query ? { query } : undefined);
}
