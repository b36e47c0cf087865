import { useCallback, useEffect, useRef, useState } from 'react';
import { previewInTurn } from './photo-preview';

type PreviewInTurn = (file: Blob, signal: AbortSignal) => Promise<Blob | undefined>;

/** A photo asked for and not dropped: its abort and, once made, its preview's URL. */
interface LivePreview {
  controller: AbortController;
  url?: string;
}

/**
 * Small previews of picked photos by key (see photo-preview.ts): `urls` gains each one's object
 * URL as it is made. A dropped key's preview is aborted or revoked, and all of them go with the
 * component. A photo the browser cannot decode gets no URL.
 */
export function useLocalPreviews(preview: PreviewInTurn = previewInTurn) {
  const [urls, setUrls] = useState<ReadonlyMap<string, string>>(new Map());
  const live = useRef(new Map<string, LivePreview>());

  const drop = useCallback((key: string) => {
    const entry = live.current.get(key);
    if (!entry) return;
    live.current.delete(key);
    entry.controller.abort();
    if (!entry.url) return;
    URL.revokeObjectURL(entry.url);
    setUrls((map) => {
      const next = new Map(map);
      next.delete(key);
      return next;
    });
  }, []);

  const request = useCallback(
    (key: string, file: Blob) => {
      drop(key);
      const entry: LivePreview = { controller: new AbortController() };
      live.current.set(key, entry);
      preview(file, entry.controller.signal)
        .catch(() => undefined)
        .then((blob) => {
          if (!blob || live.current.get(key) !== entry) return;
          const url = URL.createObjectURL(blob);
          entry.url = url;
          setUrls((map) => new Map(map).set(key, url));
        });
    },
    [drop, preview],
  );

  useEffect(() => {
    const entries = live.current;
    return () => {
      for (const entry of entries.values()) {
        entry.controller.abort();
        if (entry.url) URL.revokeObjectURL(entry.url);
      }
      entries.clear();
    };
  }, []);

  return { urls, request, drop };
}
