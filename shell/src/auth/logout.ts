import { bus, type BusEvents } from '@app/shared/bus';
import { isClearedOnLogout } from '@app/shared/spec';

function clearStorage(storage: Storage) {
  const doomed: string[] = [];
  for (let i = 0; i < storage.length; i += 1) {
    const key = storage.key(i);
    if (key !== null && isClearedOnLogout(key)) doomed.push(key);
  }
  for (const key of doomed) storage.removeItem(key);
}

/**
 * Signs the user out of this browser: removes the stored items spec §9 names, then broadcasts
 * the logout so every remote drops its state and caches.
 */
export function logout(reason: BusEvents['auth:logout']['reason']) {
  clearStorage(localStorage);
  clearStorage(sessionStorage);
  bus.emit('auth:logout', { reason });
}
