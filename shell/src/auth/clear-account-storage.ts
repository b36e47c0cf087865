import { ACCOUNT_CACHES } from '../pwa/cache-names';
import { isClearedOnLogout } from '@app/shared/spec';

function clear(storage: Storage) {
  const doomed: string[] = [];
  for (let i = 0; i < storage.length; i += 1) {
    const key = storage.key(i);
    if (key !== null && isClearedOnLogout(key)) doomed.push(key);
  }
  for (const key of doomed) storage.removeItem(key);
}

/** Removes the stored items spec §9 ties to the signed-in account, and its cached files. */
export function clearAccountStorage() {
  clear(localStorage);
  clear(sessionStorage);
  if ('caches' in window) {
    for (const name of ACCOUNT_CACHES) {
      caches.delete(name).catch((error: unknown) => console.warn(`${name} not deleted`, error));
    }
  }
}
