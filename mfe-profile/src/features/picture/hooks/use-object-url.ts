import { useEffect, useState } from 'react';

/**
 * An object URL for the file the user chose, revoked when the next file replaces it or the
 * screen goes. It outlives the crop dialog's closing transition, which still shows the image.
 */
export function useObjectUrl(): [string | null, (file: Blob) => void] {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return [url, (file) => setUrl(URL.createObjectURL(file))];
}
