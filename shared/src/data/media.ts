import { api } from '@app/shared/api-client';
import useSWR, { mutate, type SWRResponse } from 'swr';
import useSWRInfinite, { unstable_serialize, type SWRInfiniteResponse } from 'swr/infinite';
import type {
  ImageUrl,
  MediaItem,
  MediaPage,
  MediaType,
  PresignedUpload,
  PresignedUrlsRequest,
  TrainingPhotos,
} from '../contract/media';
import { GALLERY_PAGE_SIZE } from '../spec/constants';
import { fetchApiKey, type ApiKey } from './api-key';
import { invalidateUser } from './user';

/** The gallery's filter (spec §4): every image, or one type. */
export type MediaFilter = MediaType | 'all';
const MEDIA_FILTERS: readonly MediaFilter[] = ['all', 'generated', 'training'];

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
  /** useSWRInfinite's key function: the next page's cursor comes from the previous page. */
  pages:
    (filter: MediaFilter): PageKeyGetter =>
    (index, previous) => {
      if (index === 0) return mediaKeys.page(filter);
      if (!previous?.hasMore || previous.nextCursor === null) return null;
      return mediaKeys.page(filter, previous.nextCursor);
    },
  item: (imageId: string): ApiKey => [`/media/${encodeURIComponent(imageId)}`],
  imageUrl: (imageId: string): ApiKey => [`/image/${encodeURIComponent(imageId)}`],
  trainingPhotos: (): ApiKey => ['/media/training-photos', { includeUrls: true }],
};

/** The gallery's pages by cursor (§7 GET /media): `setSize(size + 1)` loads the next one. */
export function useMediaPages(filter: MediaFilter): SWRInfiniteResponse<MediaPage> {
  return useSWRInfinite<MediaPage>(mediaKeys.pages(filter), fetchApiKey, {
    revalidateFirstPage: false,
  });
}

export function useMediaItem(imageId: string | null): SWRResponse<MediaItem> {
  return useSWR<MediaItem>(imageId === null ? null : mediaKeys.item(imageId), fetchApiKey);
}

/** GET /image/{id}: a signed display and download URL. */
export function useImageUrl(imageId: string | null): SWRResponse<ImageUrl> {
  return useSWR<ImageUrl>(imageId === null ? null : mediaKeys.imageUrl(imageId), fetchApiKey);
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
    fetchApiKey,
    refreshInterval ? { refreshInterval } : undefined,
  );
}

/** Every list of every filter re-reads from its first page (after a generation or a delete). */
export async function invalidateMediaLists(): Promise<void> {
  await Promise.all(
    MEDIA_FILTERS.map((filter) => mutate(unstable_serialize(mediaKeys.pages(filter)))),
  );
}

export async function invalidateTrainingPhotos(): Promise<void> {
  await mutate(mediaKeys.trainingPhotos());
}

/** The deleted image leaves every cached list at once; then they re-read. */
export async function deleteMedia(imageId: string): Promise<void> {
  await api.delete(`/media/${encodeURIComponent(imageId)}`);
  await Promise.all([
    ...MEDIA_FILTERS.map((filter) =>
      mutate<MediaPage[]>(unstable_serialize(mediaKeys.pages(filter)), (pages) =>
        pages?.map((page) => ({
          ...page,
          items: page.items.filter((item) => item.imageId !== imageId),
        })),
      ),
    ),
    mutate(mediaKeys.item(imageId), undefined, { revalidate: false }),
    mutate(mediaKeys.imageUrl(imageId), undefined, { revalidate: false }),
    // A training photo may have been in a model.
    invalidateTrainingPhotos(),
    invalidateUser(),
  ]);
}

/** A training photo also leaves its models' photo lists (read with the profile). */
export async function deleteTrainingPhoto(imageId: string): Promise<void> {
  await api.delete(`/media/training-photos/${encodeURIComponent(imageId)}`);
  await Promise.all([invalidateTrainingPhotos(), invalidateUser()]);
}

/** Upload targets for training photos: PUT each file to its URL with its content type. */
export function requestUploadTargets(
  request: PresignedUrlsRequest,
  signal?: AbortSignal,
): Promise<PresignedUpload[]> {
  return api.post<PresignedUpload[]>('/media/presigned-urls', { json: request, signal });
}
