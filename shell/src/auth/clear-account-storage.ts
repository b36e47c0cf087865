import { isClearedOnLogout } from '@app/shared/spec';

function clear(storage: Storage) {
  const doomed: string[] = [];
  for (let i = 0; i < storage.length; i += 1) {
    const key = storage.key(i);
    if (key !== null && isClearedOnLogout(key)) doomed.push(key);
  }
  for (const key of doomed) storage.removeItem(key);
}

/** Removes the stored items spec §9 ties to the signed-in account, and its profile pictures. */
export function clearAccountStorage() {
  clear(localStorage);
  clear(sessionStorage);
  // Loaded on demand: a signed-out visitor's first load has no use for the cache's code.
  import('@app/shared/image-cache/profile-image-cache')
    .then(({ clearProfileImageCache }) => clearProfileImageCache())
    .catch((error: unknown) =>
      console.error('The profile-image cache could not be cleared', error),
    );
}
