import type { GalleryItem } from '@app/shared/data/media';
import { useEffect, useRef } from 'react';

/**
 * The service worker keeps thumbnails for the offline gallery, but on the first visit they load
 * before it controls the page. When it takes control, the thumbnails listed then are fetched once
 * more, through it, so the pages viewed on that first visit open offline too.
 */
export function useThumbnailsKeptOffline(items: readonly GalleryItem[]): void {
  const listed = useRef(items);
  useEffect(() => {
    listed.current = items;
  }, [items]);

  useEffect(() => {
    const worker = 'serviceWorker' in navigator ? navigator.serviceWorker : undefined;
    if (!worker || worker.controller) return;
    const keepListed = () => {
      for (const { thumbnailUrl } of listed.current) {
        if (!thumbnailUrl) continue;
        fetch(thumbnailUrl, { mode: 'cors' })
          .then((response) => response.arrayBuffer())
          .catch(() => undefined);
      }
    };
    worker.addEventListener('controllerchange', keepListed, { once: true });
    return () => worker.removeEventListener('controllerchange', keepListed);
  }, []);
}
