import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { withNamedStatements } from '../src/db/named-statements';
import { withStatementCache } from '../src/db/statement-cache';
import { LruMap } from '../src/lru-map';
import { createPostgresDatabase } from './support/test-database';

interface Tables {
  notes: { id: number; text: string };
}

describe('SQLite statements prepared once', () => {
  it('prepares a query the first time only, and follows a schema change', async () => {
    const sqlite = new SQLite(':memory:');
    sqlite.exec('create table notes (id integer primary key, text text not null)');
    sqlite.exec("insert into notes (text) values ('one'), ('two')");
    const prepare = vi.spyOn(sqlite, 'prepare');
    const db = new Kysely<Tables>({
      dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
    });
    const byId = (id: number) =>
      db.selectFrom('notes').selectAll().where('id', '=', id).executeTakeFirst();
    expect(await byId(1)).toEqual({ id: 1, text: 'one' });
    expect(await byId(2)).toEqual({ id: 2, text: 'two' });
    expect(await byId(1)).toEqual({ id: 1, text: 'one' });
    expect(prepare).toHaveBeenCalledTimes(1);

    // A kept `select *` sees a column added since: SQLite re-prepares it by itself.
    await sql`alter table notes add column tag text not null default 'new'`.execute(db);
    expect(await byId(1)).toEqual({ id: 1, text: 'one', tag: 'new' });
    await db.destroy();
  });
});

describe('LruMap', () => {
  it('drops the least recently used entry past its capacity', () => {
    const map = new LruMap<string, number>(2);
    map.set('a', 1);
    map.set('b', 2);
    expect(map.get('a')).toBe(1);
    map.set('c', 3);
    expect([map.get('a'), map.get('b'), map.get('c'), map.size]).toEqual([1, undefined, 3, 2]);
  });
});

describe('PostgreSQL named statements', () => {
  let database: { url: string; drop(): Promise<void> };
  beforeAll(async () => {
    database = await createPostgresDatabase();
  });
  afterAll(() => database.drop());

  it('prepares each data statement once per connection, and outlives a migration', async () => {
    const pool = new pg.Pool({ connectionString: database.url, max: 1 });
    const db = new Kysely<Tables>({
      dialect: new PostgresDialect({ pool: withNamedStatements(pool) }),
    });
    onTestFinished(() => db.destroy());
    await sql`create table notes (id integer primary key, text text not null)`.execute(db);
    await sql`insert into notes values (1, 'one'), (2, 'two')`.execute(db);
    const byId = (id: number) =>
      db.selectFrom('notes').selectAll().where('id', '=', id).executeTakeFirst();
    expect(await byId(1)).toEqual({ id: 1, text: 'one' });
    expect(await byId(2)).toEqual({ id: 2, text: 'two' });
    const prepared = await sql<{ statement: string }>`
      select statement from pg_prepared_statements`.execute(db);
    const lookups = prepared.rows.filter((row) => row.statement.includes('from "notes"'));
    expect(lookups.map((row) => row.statement)).toEqual(['select * from "notes" where "id" = $1']);

    // Another process migrates: the prepared `select *` would now be refused; it runs unnamed.
    const other = new pg.Client({ connectionString: database.url });
    await other.connect();
    await other.query(`alter table notes add column tag text not null default 'new'`);
    await other.end();
    expect(await byId(1)).toEqual({ id: 1, text: 'one', tag: 'new' });
    expect(await byId(2)).toEqual({ id: 2, text: 'two', tag: 'new' });
  });
});
