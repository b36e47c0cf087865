import { isOnline } from '@app/shared/api-client';
import type { GalleryItem } from '@app/shared/data/media';
import { useEffect, useRef, useState } from 'react';
import { looksStale } from '../api/stale-check';

/**
 * A page read since this document started and this recently has URLs the API has just signed:
 * the shell's early read, made while the gallery's code was on its way, is one. Checking it would
 * put two requests in every cold start's first screen for nothing.
 */
const JUST_READ_MS = 60_000;

/**
 * Spec §4: when the gallery opens on cached pages, HEAD a few of their images; if the URLs look
 * stale, every page is read again. Once per list and visit, and not offline (where every check
 * fails and a refresh could not help). Returns the last check's outcome, none before one ends.
 */
export function useStaleCheck(
  listId: string,
  items: readonly GalleryItem[],
  onStale: () => void,
): 'fresh' | 'stale' | undefined {
  const [openedAt] = useState(() => Date.now());
  const [outcome, setOutcome] = useState<'fresh' | 'stale'>();
  const checked = useRef(new Set<string>());
  const first = items[0];
  const justRead =
    first !== undefined &&
    first.cacheTimestamp >= performance.timeOrigin &&
    openedAt - first.cacheTimestamp < JUST_READ_MS;
  const fromCache = first !== undefined && first.cacheTimestamp < openedAt && !justRead;

  useEffect(() => {
    if (!fromCache || checked.current.has(listId) || !isOnline()) return;
    checked.current.add(listId);
    let current = true;
    void looksStale(items).then((stale) => {
      if (!current) return;
      // Checks that failed because nothing answered say the device is offline, not stale.
      const outcome = stale && isOnline() ? 'stale' : 'fresh';
      setOutcome(outcome);
      if (outcome === 'stale') onStale();
    });
    return () => {
      current = false;
    };
    // Decided once per list, on the items it opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [listId, fromCache]);
  return outcome;
}
