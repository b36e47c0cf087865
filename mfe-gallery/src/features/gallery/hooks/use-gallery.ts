import { bus } from '@app/shared/bus';
import { useMediaPages, type GalleryItem, type MediaFilter } from '@app/shared/data/media';
import { GALLERY_TEXT } from '@app/shared/spec';
import { useCallback, useMemo, useState } from 'react';
import { readFailedMessage, type GalleryRead } from '../api/gallery-messages';

export interface Gallery {
  items: GalleryItem[];
  hasMore: boolean;
  /** Nothing to show yet, neither stored nor read. */
  loading: boolean;
  loadingMore: boolean;
  refreshing: boolean;
  /** The spec's message for the last failed read, until dismissed. */
  error: string | null;
  dismissError: () => void;
  /** Tries the failed read again. */
  retry: () => void;
  loadMore: () => void;
  /** Forced from the API (spec §7), with the 3 s message when it worked. */
  refresh: () => Promise<void>;
  /** Re-reads every shown page from the API in the background (the stale check's verdict). */
  revalidate: () => void;
}

/**
 * The gallery list of one filter, its states and its reads. An action's state (its failure, its
 * spinner) belongs to the filter it was started on: switched away meanwhile, the list shown is
 * not marked by it.
 */
export function useGallery(filter: MediaFilter): Gallery {
  const list = useMediaPages(filter);
  const [failed, setFailed] = useState<{
    filter: MediaFilter;
    read: GalleryRead;
    error: unknown;
  } | null>(null);
  const [dismissed, setDismissed] = useState<unknown>(null);
  const [loadingMoreOf, setLoadingMoreOf] = useState<MediaFilter | null>(null);
  const [refreshingOf, setRefreshingOf] = useState<MediaFilter | null>(null);
  const ownFailure = failed?.filter === filter ? failed : null;

  const items = useMemo(() => list.pages?.flatMap((page) => page.items) ?? [], [list.pages]);
  const hasMore = list.pages?.at(-1)?.hasMore ?? false;

  // An action's own failure first; else the list's (its first load or a background re-read).
  const failure = ownFailure ?? (list.error ? { read: 'load' as const, error: list.error } : null);
  const error =
    failure && failure.error !== dismissed
      ? readFailedMessage(failure.read, failure.error, items.length > 0)
      : null;

  const { loadMore: readMore, refresh: readFresh, revalidate } = list;
  const loadMore = useCallback(() => {
    setFailed(null);
    setLoadingMoreOf(filter);
    readMore()
      .catch((error: unknown) => setFailed({ filter, read: 'more', error }))
      .finally(() => setLoadingMoreOf((shown) => (shown === filter ? null : shown)));
  }, [filter, readMore]);

  const refresh = useCallback(async () => {
    setFailed(null);
    setRefreshingOf(filter);
    try {
      await readFresh();
      bus.emit('toast:show', { intent: 'success', text: GALLERY_TEXT.refreshed });
    } catch (error) {
      setFailed({ filter, read: 'refresh', error });
    } finally {
      setRefreshingOf((shown) => (shown === filter ? null : shown));
    }
  }, [filter, readFresh]);

  const retry = useCallback(() => {
    if (ownFailure?.read === 'more') loadMore();
    else if (ownFailure?.read === 'refresh') void refresh();
    else revalidate();
  }, [ownFailure, loadMore, refresh, revalidate]);

  return {
    items,
    hasMore,
    loading: list.pages === undefined && list.error === undefined,
    loadingMore: loadingMoreOf === filter,
    refreshing: refreshingOf === filter,
    error,
    dismissError: () => {
      setDismissed(failure?.error ?? null);
      setFailed(null);
    },
    retry,
    loadMore,
    refresh,
    revalidate,
  };
}
