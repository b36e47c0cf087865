import { setImmediate as nextTurn } from 'node:timers/promises';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dataVersionOf } from '../src/db/data-version';
import type { Database } from '../src/db/schema';
import { openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { VersionedCache } from '../src/versioned-cache';
import { makeTempDir, removeDir } from './helpers';

/** A user's name as a screen would read it, counting the reads that reached the database. */
function nameReader(db: Kysely<Database>, cache: VersionedCache<string>) {
  const counter = { reads: 0 };
  const read = () =>
    cache.get('user-1', async () => {
      counter.reads += 1;
      const row = await db
        .selectFrom('users')
        .select('name')
        .where('id', '=', 'user-1')
        .executeTakeFirstOrThrow();
      return row.name;
    });
  return { read, counter };
}

const rename = (db: Kysely<Database>, name: string) =>
  db.updateTable('users').set({ name }).where('id', '=', 'user-1').execute();

describe('values kept until the SQLite database changes', () => {
  let dir: string;
  let db: ReturnType<typeof openDatabase>;
  const file = () => join(dir, 'studio.sqlite');

  beforeEach(async () => {
    dir = await makeTempDir();
    db = openDatabase({ kind: 'sqlite', file: file() });
    await migrateToLatest(db, 'sqlite');
    const now = new Date().toISOString();
    await db
      .insertInto('users')
      .values({
        id: 'user-1',
        identity_sub: 'sub-1',
        email: 'ada@example.com',
        name: 'Ada',
        email_verified: 1,
        created_at: now,
        updated_at: now,
      })
      .execute();
  });

  afterEach(async () => {
    await db.destroy();
    await removeDir(dir);
  });

  const cache = () =>
    new VersionedCache<string>(dataVersionOf(db), { capacity: 10, maxAgeMs: 60_000 });

  it('reads once while nothing is written, and again after any write of this connection', async () => {
    const { read, counter } = nameReader(db, cache());
    expect(await read()).toBe('Ada');
    expect(await read()).toBe('Ada');
    expect(counter.reads).toBe(1);

    await rename(db, 'Ada L.');
    expect(await read()).toBe('Ada L.');
    expect(counter.reads).toBe(2);

    // A write to another table moves the version too: nothing tracks which rows a value used.
    await sql`create table other (id integer)`.execute(db);
    await db.deleteFrom('media').where('id', '=', 'none').execute();
    expect(await read()).toBe('Ada L.');
    expect(counter.reads).toBe(3);
  });

  it('peeks only at a value that is still good, without reading', async () => {
    const kept = cache();
    const { read } = nameReader(db, kept);
    expect(kept.peek('user-1')).toBeUndefined();
    await read();
    expect(kept.peek('user-1')).toBe('Ada');
    await rename(db, 'Ada L.');
    expect(kept.peek('user-1')).toBeUndefined();
    expect(await read()).toBe('Ada L.');
    expect(kept.peek('user-1')).toBe('Ada L.');
  });

  it('sees a commit made by another connection (another process on the same file)', async () => {
    const { read, counter } = nameReader(db, cache());
    expect(await read()).toBe('Ada');
    const other = openDatabase({ kind: 'sqlite', file: file() });
    try {
      await rename(other, 'Grace');
    } finally {
      await other.destroy();
    }
    // The other connections' version is asked once per turn of the event loop.
    await nextTurn();
    expect(await read()).toBe('Grace');
    expect(counter.reads).toBe(2);
  });

  it('never keeps what a rolled-back transaction showed', async () => {
    const { read, counter } = nameReader(db, cache());
    expect(await read()).toBe('Ada');
    await expect(
      db.transaction().execute(async (trx) => {
        await rename(trx, 'Nobody');
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await read()).toBe('Ada');
    expect(counter.reads).toBe(2);
  });

  it('does not keep a value read while a write happened', async () => {
    const kept = cache();
    let first = true;
    const value = await kept.get('user-1', async () => {
      const row = await db.selectFrom('users').select('name').executeTakeFirstOrThrow();
      if (first) await rename(db, 'Changed meanwhile');
      first = false;
      return row.name;
    });
    expect(value).toBe('Ada');
    const { read } = nameReader(db, kept);
    expect(await read()).toBe('Changed meanwhile');
  });

  it('reads again after maxAgeMs, and does not keep what `keep` refuses', async () => {
    const shortLived = new VersionedCache<string>(dataVersionOf(db), {
      capacity: 10,
      maxAgeMs: 20,
    });
    const { read, counter } = nameReader(db, shortLived);
    await read();
    await read();
    expect(counter.reads).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 30));
    await read();
    expect(counter.reads).toBe(2);

    const refusing = new VersionedCache<string>(dataVersionOf(db), {
      capacity: 10,
      maxAgeMs: 60_000,
      keep: (name) => name.length > 10,
    });
    const picky = nameReader(db, refusing);
    await picky.read();
    await picky.read();
    expect(picky.counter.reads).toBe(2);
  });

  it('keeps nothing from a database that cannot tell its version (a transaction, PostgreSQL)', async () => {
    await db.transaction().execute(async (trx) => {
      const { read, counter } = nameReader(
        trx,
        new VersionedCache<string>(dataVersionOf(trx), { capacity: 10, maxAgeMs: 60_000 }),
      );
      await read();
      await read();
      expect(counter.reads).toBe(2);
    });
  });
});
