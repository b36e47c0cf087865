import { isClearedOnLogout } from '@app/shared/spec';

function clear(storage: Storage) {
  const doomed: string[] = [];
  for (let i = 0; i < storage.length; i += 1) {
    const key = storage.key(i);
    if (key !== null && isClearedOnLogout(key)) doomed.push(key);
  }
  for (const key of doomed) storage.removeItem(key);
}

/** Removes the stored items spec §9 ties to the signed-in account. */
export function clearAccountStorage() {
  clear(localStorage);
  clear(sessionStorage);
}
