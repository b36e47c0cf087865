import { beforeEach, describe, expect, it } from 'vitest';
import { PROFILE_IMAGE_CACHE } from '../spec/constants';
import {
  createProfileImageCache,
  pictureKey,
  type ImageCacheRecord,
  type ProfileImageCache,
} from './profile-image-cache';

const HOUR_MS = 60 * 60 * 1000;
const MB = 1024 * 1024;

/** localStorage as the browser has it (Node has none). */
class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

/** The part of Cache Storage the cache uses, holding real Responses. */
class MemoryCache {
  readonly entries = new Map<string, Response>();
  async match(key: string) {
    return this.entries.get(key)?.clone();
  }
  async put(key: string, response: Response) {
    this.entries.set(key, response);
  }
  async delete(key: string) {
    return this.entries.delete(key);
  }
}

const picture = (bytes: number) => new Blob([new Uint8Array(bytes)], { type: 'image/webp' });
const signed = (path: string, signature: string) =>
  `https://app.example/api/files/${path}?expires=1&signature=${signature}`;

let records: MemoryStorage;
let bytes: MemoryCache;
let downloads: string[];
let now: number;
let sizes: Map<string, number>;
let failing: boolean;
let cache: ProfileImageCache;

beforeEach(() => {
  records = new MemoryStorage();
  bytes = new MemoryCache();
  downloads = [];
  now = Date.UTC(2026, 0, 1);
  sizes = new Map();
  failing = false;
  cache = createProfileImageCache({
    records,
    openBytes: async () => bytes as unknown as Cache,
    deleteBytes: async () => bytes.entries.clear(),
    fetch: async (input) => {
      const url = String(input);
      downloads.push(url);
      if (failing) return new Response('gone', { status: 404 });
      return new Response(picture(sizes.get(pictureKey(url)) ?? 1000));
    },
    now: () => now,
  });
});

function storedRecords(): ImageCacheRecord[] {
  const found: ImageCacheRecord[] = [];
  for (let i = 0; i < records.length; i += 1) {
    const key = records.key(i)!;
    if (key.startsWith('img_cache_')) found.push(JSON.parse(records.getItem(key)!));
  }
  return found;
}

describe('the profile-image cache (spec §9)', () => {
  it('downloads a picture once and serves it from the cache under any later signature', async () => {
    const first = await cache.load(signed('users/u1/profile/a/picture', 'one'));
    const again = await cache.load(signed('users/u1/profile/a/picture', 'two'));
    expect(downloads).toHaveLength(1);
    expect(again.size).toBe(first.size);
    expect(again.type).toBe('image/webp');
  });

  it('keeps one record per picture: url, timestamp and size under the img_cache_ prefix', async () => {
    await cache.load(signed('users/u1/profile/a/picture', 'one'));
    const key = 'https://app.example/api/files/users/u1/profile/a/picture';
    expect(records.getItem(`img_cache_${key}`)).not.toBeNull();
    expect(storedRecords()).toEqual([{ url: key, timestamp: now, size: 1000 }]);
  });

  it('downloads the picture again once its record is 24 hours old', async () => {
    await cache.load(signed('users/u1/profile/a/picture', 'one'));
    now += PROFILE_IMAGE_CACHE.ttlMs - 1;
    await cache.load(signed('users/u1/profile/a/picture', 'two'));
    expect(downloads).toHaveLength(1);
    now += 1;
    await cache.load(signed('users/u1/profile/a/picture', 'three'));
    expect(downloads).toHaveLength(2);
    expect(storedRecords()).toEqual([expect.objectContaining({ timestamp: now })]);
  });

  it('drops the oldest pictures when over 50 MB, down to 80 % of the cap', async () => {
    for (const [index, size] of [20, 20, 15].entries()) {
      sizes.set(pictureKey(signed(`p${index}`, 'x')), size * MB);
      await cache.load(signed(`p${index}`, 'x'));
      now += HOUR_MS;
    }
    // 55 MB > 50 MB: the oldest (20 MB) goes, leaving 35 MB <= 40 MB.
    const kept = storedRecords().map((record) => record.size / MB);
    expect(kept.sort()).toEqual([15, 20]);
    expect(bytes.entries.has(pictureKey(signed('p0', 'x')))).toBe(false);
    expect(bytes.entries.size).toBe(2);
  });

  it('removes expired pictures whenever it stores a new one', async () => {
    await cache.load(signed('old', 'x'));
    now += PROFILE_IMAGE_CACHE.ttlMs;
    await cache.load(signed('new', 'x'));
    expect(storedRecords().map((record) => record.url)).toEqual([pictureKey(signed('new', 'x'))]);
    expect([...bytes.entries.keys()]).toEqual([pictureKey(signed('new', 'x'))]);
  });

  it('rejects a failed download and keeps nothing', async () => {
    failing = true;
    await expect(cache.load(signed('missing', 'x'))).rejects.toThrow('404');
    expect(storedRecords()).toEqual([]);
    expect(bytes.entries.size).toBe(0);
  });

  it('downloads again when the browser evicted the bytes behind a record', async () => {
    await cache.load(signed('a', 'x'));
    bytes.entries.clear();
    await cache.load(signed('a', 'y'));
    expect(downloads).toHaveLength(2);
  });

  it('shares one download between two screens asking at the same time', async () => {
    await Promise.all([cache.load(signed('a', 'x')), cache.load(signed('a', 'y'))]);
    expect(downloads).toHaveLength(1);
  });

  it('clear() removes every record and the bytes, and nothing else', async () => {
    records.setItem('promptHistory', '[]');
    await cache.load(signed('a', 'x'));
    await cache.load(signed('b', 'x'));
    await cache.clear();
    expect(storedRecords()).toEqual([]);
    expect(bytes.entries.size).toBe(0);
    expect(records.getItem('promptHistory')).toBe('[]');
  });
});
