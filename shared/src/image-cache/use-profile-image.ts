import { useEffect, useRef, useState } from 'react';
import { pictureKey, profileImageCache } from './profile-image-cache';

type Shown = { key: string; objectUrl: string } | { key: string; network: true };

/**
 * What an <img> shows for the profile picture at `url`: its bytes from the profile-image cache
 * (spec §9), or `url` itself when the cache cannot help (no Cache Storage, or the download
 * failed: the <img> then fails too and its owner falls back to the default icon). `src` is null
 * while the picture is being fetched; a newly signed URL of the same picture keeps what is shown.
 */
export function useProfileImage(url: string | null): { src: string | null } {
  const cache = profileImageCache();
  const key = url === null ? null : pictureKey(url);
  const latestUrl = useRef(url);
  const [shown, setShown] = useState<Shown | null>(null);

  useEffect(() => {
    latestUrl.current = url;
  });

  useEffect(() => {
    if (key === null || cache === null || latestUrl.current === null) return;
    let live = true;
    let objectUrl: string | null = null;
    cache.load(latestUrl.current).then(
      (picture) => {
        if (!live) return;
        objectUrl = URL.createObjectURL(picture);
        setShown({ key, objectUrl });
      },
      (error: unknown) => {
        console.error('The profile picture could not be loaded', error);
        if (live) setShown({ key, network: true });
      },
    );
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [cache, key]);

  if (url === null) return { src: null };
  if (cache === null) return { src: url };
  if (shown?.key !== key) return { src: null };
  return { src: 'objectUrl' in shown ? shown.objectUrl : url };
}
