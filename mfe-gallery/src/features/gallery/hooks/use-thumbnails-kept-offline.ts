import type { GalleryItem } from '@app/shared/data/media';
import { useEffect, useRef, type RefObject } from 'react';

/**
 * The service worker keeps thumbnails for the offline gallery, but on the first visit they load
 * before it controls the page. When it takes control, the thumbnails the grid shows then are
 * fetched once more, through it, so the pages viewed on that first visit open offline too. Each
 * tile chose its thumbnail by its size (`srcset`), so the one to keep is the one it loaded.
 */
export function useThumbnailsKeptOffline(
  items: readonly GalleryItem[],
  grid: RefObject<HTMLElement | null>,
): void {
  const listed = useRef(items);
  useEffect(() => {
    listed.current = items;
  }, [items]);

  useEffect(() => {
    const worker = 'serviceWorker' in navigator ? navigator.serviceWorker : undefined;
    if (!worker || worker.controller) return;
    const keepShown = () => {
      // A tile showing the full-size image (its thumbnail failed) has nothing to keep.
      const thumbnails = new Set(
        listed.current.flatMap(({ thumbnailUrl, mediumThumbnailUrl }) =>
          [thumbnailUrl, mediumThumbnailUrl].filter((url) => url !== undefined),
        ),
      );
      for (const image of grid.current?.querySelectorAll('img') ?? []) {
        if (!thumbnails.has(image.currentSrc)) continue;
        fetch(image.currentSrc, { mode: 'cors' })
          .then((response) => response.arrayBuffer())
          .catch(() => undefined);
      }
    };
    worker.addEventListener('controllerchange', keepShown, { once: true });
    return () => worker.removeEventListener('controllerchange', keepShown);
  }, [grid]);
}
