import { PROFILE_IMAGE_CACHE } from '../spec/constants';

/**
 * The profile-image cache of spec §9: 24 h expiry, 50 MB cap trimmed to 80 %, key prefix
 * `img_cache_`, one record (url, timestamp, size) per picture.
 *
 * The records stay where the spec puts them, in localStorage under `img_cache_<url>`, so the
 * size sum and expiry are read without opening anything; the bytes go to Cache Storage, because
 * localStorage holds about 5 MB of strings and a base64 picture would take a third more room.
 *
 * The API signs picture URLs with an expiry, so the same picture arrives under a new URL with every
 * profile read: a picture is keyed by its address without the query. A new picture always has a
 * new path (the API stores each under its own key), so the key never returns stale bytes.
 */

export interface ImageCacheRecord {
  /** The picture's address without its signature query; the bytes are stored under it. */
  url: string;
  /** When the bytes were stored (ms since the epoch). */
  timestamp: number;
  /** Bytes stored. */
  size: number;
}

/** The Cache Storage cache that holds the bytes the records describe. */
const PROFILE_IMAGE_BYTES_CACHE = `${PROFILE_IMAGE_CACHE.keyPrefix}bytes`;

export interface ImageCacheEnvironment {
  records: Storage;
  openBytes: () => Promise<Cache>;
  deleteBytes: () => Promise<unknown>;
  fetch: typeof fetch;
  now: () => number;
}

/** The address without query or fragment: the same picture under any signature. */
export function pictureKey(url: string): string {
  const parsed = new URL(url, globalThis.location?.href);
  return `${parsed.origin}${parsed.pathname}`;
}

const recordKey = (key: string) => `${PROFILE_IMAGE_CACHE.keyPrefix}${key}`;

function readRecord(storage: Storage, storageKey: string): ImageCacheRecord | null {
  try {
    const value = JSON.parse(storage.getItem(storageKey) ?? 'null') as ImageCacheRecord | null;
    const valid =
      value !== null &&
      typeof value.url === 'string' &&
      typeof value.timestamp === 'number' &&
      typeof value.size === 'number';
    return valid ? value : null;
  } catch {
    return null;
  }
}

function allRecords(storage: Storage): Array<{ storageKey: string; record: ImageCacheRecord }> {
  const found: Array<{ storageKey: string; record: ImageCacheRecord }> = [];
  for (let i = 0; i < storage.length; i += 1) {
    const storageKey = storage.key(i);
    if (storageKey === null || !storageKey.startsWith(PROFILE_IMAGE_CACHE.keyPrefix)) continue;
    const record = readRecord(storage, storageKey);
    if (record) found.push({ storageKey, record });
  }
  return found;
}

export function createProfileImageCache(env: ImageCacheEnvironment) {
  const isFresh = (record: ImageCacheRecord) =>
    env.now() - record.timestamp < PROFILE_IMAGE_CACHE.ttlMs;

  async function forget(entries: ReadonlyArray<{ storageKey: string; record: ImageCacheRecord }>) {
    if (entries.length === 0) return;
    const bytes = await env.openBytes();
    for (const { storageKey, record } of entries) {
      env.records.removeItem(storageKey);
      await bytes.delete(record.url);
    }
  }

  /** Drops expired pictures, then the oldest ones while over 50 MB, down to 80 % of it. */
  async function prune(): Promise<void> {
    const entries = allRecords(env.records);
    const doomed = entries.filter(({ record }) => !isFresh(record));
    const kept = entries
      .filter(({ record }) => isFresh(record))
      .sort((a, b) => a.record.timestamp - b.record.timestamp);
    let total = kept.reduce((sum, { record }) => sum + record.size, 0);
    if (total > PROFILE_IMAGE_CACHE.maxBytes) {
      const target = PROFILE_IMAGE_CACHE.maxBytes * PROFILE_IMAGE_CACHE.trimToRatio;
      while (total > target && kept.length > 0) {
        const oldest = kept.shift()!;
        total -= oldest.record.size;
        doomed.push(oldest);
      }
    }
    await forget(doomed);
  }

  async function fromCache(key: string): Promise<Blob | null> {
    const record = readRecord(env.records, recordKey(key));
    if (!record) return null;
    if (!isFresh(record)) {
      await forget([{ storageKey: recordKey(key), record }]);
      return null;
    }
    const stored = await (await env.openBytes()).match(key);
    if (stored) return stored.blob();
    // The browser evicted the bytes (storage pressure): the record alone is worth nothing.
    env.records.removeItem(recordKey(key));
    return null;
  }

  async function store(key: string, picture: Blob): Promise<void> {
    const bytes = await env.openBytes();
    await bytes.put(key, new Response(picture, { headers: { 'content-type': picture.type } }));
    const record: ImageCacheRecord = { url: key, timestamp: env.now(), size: picture.size };
    env.records.setItem(recordKey(key), JSON.stringify(record));
    await prune();
  }

  const inFlight = new Map<string, Promise<Blob>>();

  async function download(url: string, key: string): Promise<Blob> {
    const response = await env.fetch(url);
    if (!response.ok) throw new Error(`The picture answered ${response.status}`);
    const picture = await response.blob();
    try {
      await store(key, picture);
    } catch (error) {
      // A full disk or a private window: the picture still shows, it is only not kept.
      console.warn('The profile picture could not be cached', error);
    }
    return picture;
  }

  return {
    /** The picture at `url`: from the cache while fresh, else downloaded and kept. */
    load(url: string): Promise<Blob> {
      const key = pictureKey(url);
      const pending = inFlight.get(key);
      if (pending) return pending;
      const loading = (async () => (await fromCache(key)) ?? download(url, key))();
      inFlight.set(key, loading);
      const settled = () => inFlight.delete(key);
      loading.then(settled, settled);
      return loading;
    },
    prune,
    /** Everything of the cache, records and bytes (logout). */
    async clear(): Promise<void> {
      for (const { storageKey } of allRecords(env.records)) env.records.removeItem(storageKey);
      await env.deleteBytes();
    },
  };
}

export type ProfileImageCache = ReturnType<typeof createProfileImageCache>;

let browserCache: ProfileImageCache | null = null;

/**
 * The cache over this browser's localStorage and Cache Storage; null where Cache Storage is
 * missing (an insecure origin), and callers then show the picture from its URL.
 */
export function profileImageCache(): ProfileImageCache | null {
  if (typeof caches === 'undefined' || typeof localStorage === 'undefined') return null;
  browserCache ??= createProfileImageCache({
    records: localStorage,
    openBytes: () => caches.open(PROFILE_IMAGE_BYTES_CACHE),
    deleteBytes: () => caches.delete(PROFILE_IMAGE_BYTES_CACHE),
    fetch: (input, init) => fetch(input, init),
    now: () => Date.now(),
  });
  return browserCache;
}

/** Logout (spec §4 'clears caches'): the records and the pictures' bytes. */
export async function clearProfileImageCache(): Promise<void> {
  await profileImageCache()?.clear();
}
