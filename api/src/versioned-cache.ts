import type { DataVersion } from './db/data-version';
import { LruMap } from './lru-map';

interface Entry<V> {
  version: string;
  expiresAt: number;
  value: V;
}

/**
 * Values read from the database, kept while the database has not changed: a hit costs a version
 * check and a map lookup instead of queries. Any write moves the version (data-version.ts), so a
 * kept value is never older than the data it came from; `maxAgeMs` bounds what the database does
 * not hold (a signed URL in an answer expires). On a database that cannot tell its version
 * (PostgreSQL, where other processes write) every `get` reads.
 */
export class VersionedCache<V> {
  private readonly entries: LruMap<string, Entry<V>>;
  private readonly maxAgeMs: number;
  private readonly keep: (value: V) => boolean;

  /** `keep`: whether a value is worth its memory (a large answer is read again instead). */
  constructor(
    private readonly version: DataVersion,
    {
      capacity,
      maxAgeMs,
      keep = () => true,
    }: { capacity: number; maxAgeMs: number; keep?: (value: V) => boolean },
  ) {
    this.entries = new LruMap(capacity);
    this.maxAgeMs = maxAgeMs;
    this.keep = keep;
  }

  /**
   * The kept value when it is still good, without reading: `undefined` when there is none (or the
   * kept value is `undefined`). What a caller that can answer without waiting asks first.
   */
  peek(key: string): V | undefined {
    const version = this.version();
    return version === undefined ? undefined : this.fresh(key, version, Date.now())?.value;
  }

  /** `notAfter` (epoch ms): a moment from which the value is wrong without any write. */
  async get(key: string, read: () => Promise<V>, notAfter = Infinity): Promise<V> {
    const version = this.version();
    if (version === undefined) return read();
    const now = Date.now();
    const entry = this.fresh(key, version, now);
    if (entry) return entry.value;
    const value = await read();
    // A write while `read` ran (another request, another connection) may or may not be in
    // `value`: kept only when there was none.
    if (this.version() === version && this.keep(value)) {
      this.entries.set(key, {
        version,
        expiresAt: Math.min(now + this.maxAgeMs, notAfter),
        value,
      });
    } else {
      this.entries.delete(key);
    }
    return value;
  }

  /** The entry kept under `key` if it was read at `version` and has not expired by `now`. */
  private fresh(key: string, version: string, now: number): Entry<V> | undefined {
    const entry = this.entries.get(key);
    return entry && entry.version === version && entry.expiresAt > now ? entry : undefined;
  }
}
