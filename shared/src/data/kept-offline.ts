import { ApiError } from '@app/shared/api-client';

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    // Storage can be switched off (a privacy setting): nothing is kept then.
    return undefined;
  }
}

/**
 * A read whose last answer is kept in browser storage and stands in for it when the API cannot be
 * reached (offline, no answer in time), at any age: the screen shows what it last saw. A refusal
 * (an ApiError) is never hidden this way. Keep `storageKey` under the product prefix, so logout
 * removes it (spec §9).
 */
export async function readKeptOffline<T>(storageKey: string, read: () => Promise<T>): Promise<T> {
  try {
    const value = await read();
    try {
      storage()?.setItem(storageKey, JSON.stringify(value));
    } catch {
      // Full storage: the next offline start has less to show, nothing else is lost.
    }
    return value;
  } catch (error) {
    if (error instanceof ApiError) throw error;
    const kept = storage()?.getItem(storageKey);
    if (kept === null || kept === undefined) throw error;
    try {
      return JSON.parse(kept) as T;
    } catch {
      throw error;
    }
  }
}
