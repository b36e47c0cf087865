import { api, ApiError } from '@app/shared/api-client';
import { bus } from '@app/shared/bus';
import { useCallback, useMemo } from 'react';
import useSWR, { mutate, preload, type SWRResponse } from 'swr';
import type {
  MediaItem,
  MediaPage,
  MediaType,
  PresignedUpload,
  PresignedUrlsRequest,
  TrainingPhotos,
} from '../contract/media';
import { fetchApiKey, mediaKeys, type ApiKey, type MediaFilter } from './api-key';
import {
  clearStoredGallery,
  dropStoredPages,
  galleryPageId,
  isFresh,
  stampPage,
  storedPage,
  storedPageCount,
  storePage,
  storePageCount,
  updateStoredItems,
  type GalleryItem,
  type GalleryPage,
} from './media-cache';
import { STORAGE_KEY_PREFIX } from '../spec/constants';
import { readKeptOffline } from './kept-offline';
import { invalidateUser } from './user';

export type { GalleryItem, GalleryPage } from './media-cache';
export { GALLERY_FIRST_FILTER, mediaKeys, type MediaFilter } from './api-key';

const MEDIA_FILTERS: readonly MediaFilter[] = ['all', 'generated', 'training'];

/** The gallery's one retry after an error (spec §4) waits this long. */
const ERROR_RETRY_DELAY_MS = 1000;

const filterOf = (key: ApiKey): MediaFilter => (key[1]?.type as MediaType | undefined) ?? 'all';

/** When fresh pages were last asked for, per list: pages stored before then no longer count. */
const refreshRequestedAt = new Map<MediaFilter, number>();

/** The next read of every page of this list goes to the API (the refresh button, stale URLs). */
export function forceMediaRefresh(filter: MediaFilter): void {
  refreshRequestedAt.set(filter, Date.now());
}

/**
 * One page of the gallery: from browser storage while it is fresh (45 minutes, spec §9) and no
 * refresh was asked for since, else from the API, and then stored. When the API cannot be reached
 * (offline), the stored page is used at any age, except after the user asked for fresh pages:
 * then the failure is theirs to see.
 */
export async function fetchMediaPage(key: ApiKey): Promise<GalleryPage> {
  const id = galleryPageId(key);
  const stored = storedPage(id);
  const usable =
    stored !== undefined && stored.savedAt >= (refreshRequestedAt.get(filterOf(key)) ?? 0);
  if (usable && isFresh(stored)) return stored.page;
  try {
    const savedAt = Date.now();
    const page = stampPage(await fetchApiKey<MediaPage>(key), savedAt);
    storePage(id, page, savedAt);
    return page;
  } catch (error) {
    if (usable && !(error instanceof ApiError)) return stored.page;
    throw error;
  }
}

/** How many pages of each list are shown; they are read again together. */
const shownPageCounts = new Map<MediaFilter, number>();
const shownPageCount = (filter: MediaFilter) =>
  shownPageCounts.get(filter) ?? storedPageCount(filter);

function setShownPageCount(filter: MediaFilter, count: number): void {
  shownPageCounts.set(filter, count);
  storePageCount(filter, count);
}

/** The first `count` pages of a list, each by the previous one's cursor. */
async function readPages(filter: MediaFilter, count: number): Promise<GalleryPage[]> {
  const keyOf = mediaKeys.pages(filter);
  const pages: GalleryPage[] = [];
  for (let index = 0; index < Math.max(count, 1); index += 1) {
    const key = keyOf(index, pages[index - 1] ?? null);
    if (!key) break;
    pages.push(await fetchMediaPage(key));
  }
  return pages;
}

/** The pages of a list kept in storage, in order, as many as were shown last time. */
function storedPagesOf(filter: MediaFilter): GalleryPage[] {
  const keyOf = mediaKeys.pages(filter);
  const pages: GalleryPage[] = [];
  for (let index = 0; index < shownPageCount(filter); index += 1) {
    const key = keyOf(index, pages[index - 1] ?? null);
    const stored = key && storedPage(galleryPageId(key));
    if (!stored) break;
    pages.push(stored.page);
  }
  return pages;
}

export interface MediaPages {
  /** The pages shown, newest images first; undefined until there is something to show. */
  pages: GalleryPage[] | undefined;
  /** Why the last read of the list failed (the first load, a re-read); undefined when it did not. */
  error: unknown;
  isValidating: boolean;
  /** Reads the page after the last one shown; rejects when it cannot. */
  loadMore: () => Promise<void>;
  /** Reads every shown page from the API (spec §7 force refresh); rejects when it cannot. */
  refresh: () => Promise<void>;
  /** Like `refresh`, in the background: a failure shows as `error`. */
  revalidate: () => void;
}

/**
 * The gallery's pages by cursor (§7 GET /media), as one SWR entry per list. The stored pages show
 * at once (as many as were shown last time) while they are checked; an error is retried once with
 * a forced refresh (spec §4). One entry rather than swr/infinite, whose cache is its own copy that
 * the global `mutate` of other apps (a new image, a delete, logout) cannot reach.
 */
export function useMediaPages(filter: MediaFilter): MediaPages {
  const saved = useMemo(() => storedPagesOf(filter), [filter]);
  const list = useSWR<GalleryPage[]>(
    mediaKeys.list(filter),
    () => readPages(filter, shownPageCount(filter)),
    {
      fallbackData: saved.length > 0 ? saved : undefined,
      onErrorRetry: (_error, _key, _config, revalidate, { retryCount }) => {
        if (retryCount > 1) return;
        forceMediaRefresh(filter);
        setTimeout(() => void revalidate({ retryCount }), ERROR_RETRY_DELAY_MS);
      },
    },
  );
  const { mutate: mutateList } = list;

  const loadMore = useCallback(async () => {
    await mutateList(
      async (pages = []) => {
        const key = mediaKeys.pages(filter)(pages.length, pages.at(-1) ?? null);
        if (!key) return pages;
        const more = [...pages, await fetchMediaPage(key)];
        setShownPageCount(filter, more.length);
        return more;
      },
      { revalidate: false },
    );
  }, [filter, mutateList]);

  const refresh = useCallback(async () => {
    forceMediaRefresh(filter);
    const pages = await readPages(filter, shownPageCount(filter));
    await mutateList(pages, { revalidate: false });
  }, [filter, mutateList]);

  const revalidate = useCallback(() => {
    forceMediaRefresh(filter);
    void mutateList();
  }, [filter, mutateList]);

  return {
    pages: list.data,
    error: list.error,
    isValidating: list.isValidating,
    loadMore,
    refresh,
    revalidate,
  };
}

/**
 * Starts reading a list as `useMediaPages` would (stored pages while fresh, else the API), for a
 * returning user who opens the gallery: the read runs while the gallery's code loads instead of
 * after it has rendered, and the gallery's first `useMediaPages` takes it over (or its failure).
 */
export function preloadMediaPages(filter: MediaFilter): void {
  preload(mediaKeys.list(filter), () => readPages(filter, shownPageCount(filter))).catch(() => {
    // The hook that reads the key gets the same failure and shows it as usual.
  });
}

export function useMediaItem(imageId: string | null): SWRResponse<MediaItem> {
  return useSWR<MediaItem>(imageId === null ? null : mediaKeys.item(imageId), fetchApiKey);
}

/** Several items at once, in the order asked (a batch of generated images). */
export function useMediaItems(imageIds: readonly string[]): SWRResponse<MediaItem[]> {
  return useSWR<MediaItem[]>(
    imageIds.length === 0 ? null : ['media-items', ...imageIds],
    () => Promise.all(imageIds.map((id) => fetchApiKey<MediaItem>(mediaKeys.item(id)))),
    // One image made again: the others stay on screen while the new list loads.
    { keepPreviousData: true },
  );
}

/**
 * `refreshInterval` (ms, from the last answer): e.g. poll while a new photo's face check is
 * pending, 0 once none is.
 */
export function useTrainingPhotos(
  enabled = true,
  refreshInterval?: (photos: TrainingPhotos | undefined) => number,
): SWRResponse<TrainingPhotos> {
  return useSWR<TrainingPhotos>(
    enabled ? mediaKeys.trainingPhotos() : null,
    (key: ApiKey) => fetchTrainingPhotos(key),
    refreshInterval ? { refreshInterval } : undefined,
  );
}

/** The training photos as last read, kept for offline (spec §9: this cache has no expiry). */
export const TRAINING_PHOTOS_STORAGE_KEY = `${STORAGE_KEY_PREFIX}training-photos`;

/**
 * GET /media/training-photos, or its answer to a `request` already sent (the shell's early read);
 * offline, the list as last read.
 */
export function fetchTrainingPhotos(
  key: ApiKey,
  request?: Promise<TrainingPhotos>,
): Promise<TrainingPhotos> {
  return readKeptOffline(
    TRAINING_PHOTOS_STORAGE_KEY,
    () => request ?? fetchApiKey<TrainingPhotos>(key),
  );
}

/** Every list of every filter re-reads its pages from the API (a new image, a delete elsewhere). */
export async function invalidateMediaLists(): Promise<void> {
  dropStoredPages();
  // A list on screen reads at once; one that is not, when it is shown next.
  await Promise.all(MEDIA_FILTERS.map((filter) => mutate(mediaKeys.list(filter))));
}

export async function invalidateTrainingPhotos(): Promise<void> {
  await mutate(mediaKeys.trainingPhotos());
}

/** Training photos were uploaded or removed: the gallery lists them too. */
export async function trainingPhotosChanged(): Promise<void> {
  await Promise.all([invalidateTrainingPhotos(), invalidateMediaLists()]);
}

/** Applies `change` to the items of every list, in memory and in storage. */
async function updateListedItems(change: (items: GalleryItem[]) => GalleryItem[]): Promise<void> {
  updateStoredItems(change);
  await Promise.all(
    MEDIA_FILTERS.map((filter) =>
      mutate<GalleryPage[]>(
        mediaKeys.list(filter),
        (pages) => pages?.map((page) => ({ ...page, items: change(page.items) })),
        { revalidate: false },
      ),
    ),
  );
}

const withoutImage = (imageId: string) => (items: GalleryItem[]) =>
  items.filter((item) => item.imageId !== imageId);

/** The deleted image leaves every cached list at once. */
export async function deleteMedia(imageId: string): Promise<void> {
  await api.delete(`/media/${encodeURIComponent(imageId)}`);
  await Promise.all([
    updateListedItems(withoutImage(imageId)),
    mutate(mediaKeys.item(imageId), undefined, { revalidate: false }),
    // A training photo may have been in a model.
    invalidateTrainingPhotos(),
    invalidateUser(),
  ]);
}

/** A training photo also leaves its models' photo lists (read with the profile). */
export async function deleteTrainingPhoto(imageId: string): Promise<void> {
  await api.delete(`/media/training-photos/${encodeURIComponent(imageId)}`);
  await Promise.all([
    updateListedItems(withoutImage(imageId)),
    invalidateTrainingPhotos(),
    invalidateUser(),
  ]);
}

const urlRefreshes = new Map<string, Promise<void>>();

/**
 * New signed URLs for one listed image (GET /media/{id}), put in place in every list: what an
 * image that failed to load asks for before it tries again (the retry chain's `onInvalidate`). A
 * signed URL cannot be renewed by a parameter. Concurrent asks for one image share one request.
 */
export function refreshMediaItemUrls(imageId: string): Promise<void> {
  const running = urlRefreshes.get(imageId);
  if (running) return running;
  const refresh = (async () => {
    const fresh = await api.get<MediaItem>(`/media/${encodeURIComponent(imageId)}`);
    const item: GalleryItem = { ...fresh, cacheTimestamp: Date.now() };
    await updateListedItems((items) =>
      items.map((listed) => (listed.imageId === imageId ? item : listed)),
    );
  })().finally(() => urlRefreshes.delete(imageId));
  urlRefreshes.set(imageId, refresh);
  return refresh;
}

/** Logout (spec §9): nothing of the gallery stays, in memory or in storage. */
export async function clearMediaCaches(): Promise<void> {
  clearStoredGallery();
  refreshRequestedAt.clear();
  shownPageCounts.clear();
  const isMediaKey = (key: unknown) =>
    Array.isArray(key) && /^\/(media|image)(\/|$)/.test(String(key[0]));
  await Promise.all([
    mutate(isMediaKey, undefined, { revalidate: false }),
    ...MEDIA_FILTERS.map((filter) =>
      mutate(mediaKeys.list(filter), undefined, { revalidate: false }),
    ),
  ]);
}

/*
 * Any app that reads media listens, once per page even when several bundle this module: a new
 * image (bus `gallery:invalidate`) reaches the stored gallery whether or not it is on screen, and
 * the logout broadcast empties every gallery cache.
 */
const LISTENING = Symbol.for('@app/shared/data/media: bus listeners');
const registry = globalThis as { [LISTENING]?: true };
if (!registry[LISTENING]) {
  registry[LISTENING] = true;
  bus.on('gallery:invalidate', () => void invalidateMediaLists());
  bus.on('auth:logout', () => void clearMediaCaches());
}

/** Upload targets for training photos: PUT each file to its URL with its content type. */
/**
 * `idempotencyKey`: the same key for a repeated request (its answer was lost) gets the images the
 * first one made instead of new ones.
 */
export function requestUploadTargets(
  request: PresignedUrlsRequest,
  signal?: AbortSignal,
  idempotencyKey?: string,
): Promise<PresignedUpload[]> {
  return api.post<PresignedUpload[]>('/media/presigned-urls', {
    json: request,
    signal,
    ...(idempotencyKey ? { headers: { 'Idempotency-Key': idempotencyKey } } : {}),
  });
}
