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

  it('answers the rows better-sqlite3 itself would make, whatever the columns are called', async () => {
    const sqlite = new SQLite(':memory:');
    sqlite.exec('create table odd ("a b" integer, "x""y" real, data blob, "__proto__" text)');
    sqlite.exec(`insert into odd values (1, 2.5, x'0102', 'p'), (null, null, null, null)`);
    const plain = 'select "a b", "x""y", data, "a b" as "a b", 7 as "constructor" from odd';
    const db = new Kysely<{ odd: Record<string, unknown> }>({
      dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
    });
    const { rows } = await sql.raw<Record<string, unknown>>(plain).execute(db);
    expect(rows).toEqual(sqlite.prepare(plain).all());
    expect(Object.keys(rows[0]!)).toEqual(['a b', 'x"y', 'data', 'constructor']);

    // A column called __proto__ is a plain property (better-sqlite3 itself would set the
    // object's prototype from a null value).
    const { rows: proto } = await sql.raw<Record<string, unknown>>('select * from odd').execute(db);
    expect(proto.map((row) => Object.getPrototypeOf(row))).toEqual([
      Object.prototype,
      Object.prototype,
    ]);
    expect(proto.map((row) => Object.getOwnPropertyDescriptor(row, '__proto__')?.value)).toEqual([
      'p',
      null,
    ]);

    // A streamed select reads through `iterate`: the same rows.
    const streamed: unknown[] = [];
    for await (const row of db.selectFrom('odd').select(['a b', 'data']).stream()) {
      streamed.push(row);
    }
    expect(streamed).toEqual(sqlite.prepare('select "a b", data from odd').all());
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
    // pool.end() lets its connection go before the server has closed it; the test database's
    // DROP … WITH (FORCE) may then end it, which the pool reports as an error of its own.
    pool.on('error', () => {});
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
