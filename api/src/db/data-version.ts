import type SQLite from 'better-sqlite3';

/**
 * A value that differs whenever the data in a database may have changed since it was last read,
 * so what was read from it can be kept until then (versioned-cache.ts). `undefined`: this
 * database cannot tell, and nothing read from it is kept.
 */
export type DataVersion = () => string | undefined;

const unknownVersion: DataVersion = () => undefined;

const versions = new WeakMap<object, DataVersion>();

/** PostgreSQL (and any Kysely made from another, e.g. a transaction) cannot tell. */
export function dataVersionOf(db: object): DataVersion {
  return versions.get(db) ?? unknownVersion;
}

/**
 * SQLite: this connection counts its own writes (`countWrite`, from the statement cache), and
 * `PRAGMA data_version` changes when any other connection commits — a second process on the same
 * file, or a worker thread with a connection of its own. Between the two, a change made anywhere
 * moves the version, which is what makes keeping reads safe on the embedded database.
 */
export function sqliteDataVersion(sqlite: SQLite.Database): {
  countWrite: () => void;
  attach: (db: object) => void;
} {
  let writes = 0;
  const dataVersion = sqlite.prepare('PRAGMA data_version').pluck();
  // The pragma takes SQLite's shared-memory lock (a few µs, syscalls included): asked once per
  // turn of the event loop, which all the requests read in one turn then share. A commit by
  // another connection during the turn shows from the next turn on, as if it came after them.
  let otherCommits: number | undefined;
  // The version's text, made again only after either part changed, not on each of a request's
  // checks.
  let name: string | undefined;
  const forget = () => {
    otherCommits = undefined;
  };
  const version: DataVersion = () => {
    if (otherCommits === undefined) {
      try {
        otherCommits = dataVersion.get() as number;
      } catch {
        // The connection is busy (a streamed select is open): no version, nothing kept.
        return undefined;
      }
      name = undefined;
      setImmediate(forget);
    }
    return (name ??= `${writes}.${otherCommits}`);
  };
  return {
    countWrite: () => {
      writes += 1;
      name = undefined;
    },
    attach: (db) => {
      versions.set(db, version);
    },
  };
}
