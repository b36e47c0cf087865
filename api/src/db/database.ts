import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { DatabaseConfig } from '../config';
import type { Database } from './schema';

/** Which SQL the database speaks: the few places that differ (a claim, a migration) ask this. */
export type DatabaseDialect = DatabaseConfig['kind'];

const BUSY_TIMEOUT_MS = 5000;

/**
 * `onIdleConnectionError`: PostgreSQL only. A pooled connection that dies while idle (a server
 * restart, a terminated backend) is dropped and replaced by the next query; without a listener
 * the pool's 'error' event would end the process.
 */
export function openDatabase(
  database: DatabaseConfig,
  onIdleConnectionError: (error: Error) => void = () => undefined,
): Kysely<Database> {
  return database.kind === 'postgres'
    ? openPostgres(database, onIdleConnectionError)
    : openSqlite(database.file);
}

function openSqlite(file: string): Kysely<Database> {
  mkdirSync(dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  // WAL lets reads proceed during a write; busy_timeout makes a second writer (a worker, a
  // second process) wait for the lock instead of failing at once with SQLITE_BUSY.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  return new Kysely<Database>({
    dialect: new SqliteDialect({ database: withPreparedStatements(sqlite) }),
  });
}

function openPostgres(
  { url, poolSize }: { url: string; poolSize: number },
  onIdleConnectionError: (error: Error) => void,
): Kysely<Database> {
  return new Kysely<Database>({
    dialect: new PostgresDialect({
      // The driver loads with the first query, and only on PostgreSQL (SQLite never needs it).
      pool: async () => {
        const { default: pg } = await import('pg');
        // count(*) and other bigints arrive as strings by default; SQLite answers numbers, and
        // every count this app makes is far below 2^53. Per pool, so other pg users in the
        // process keep theirs.
        const types = new pg.TypeOverrides();
        types.setTypeParser(pg.types.builtins.INT8, Number);
        const pool = new pg.Pool({ connectionString: url, max: poolSize, types });
        pool.on('error', onIdleConnectionError);
        // pg-pool listens for a connection's errors only while it is idle. One held between
        // queries (a transaction, a request's reads) that dies would emit an 'error' nobody
        // hears, which ends the process: its next query fails instead, and the pool drops it
        // when it comes back. An idle one's error still reaches the pool's listener above.
        pool.on('connect', (client) => client.on('error', ignoreHeldConnectionError));
        return pool;
      },
    }),
  });
}

/** See `openPostgres`: the query that next uses the connection reports what went wrong. */
const ignoreHeldConnectionError = () => undefined;

/** Distinct SQL texts kept prepared: the app's queries come in a few dozen shapes. */
const PREPARED_STATEMENTS = 500;

/**
 * better-sqlite3 with each SQL text prepared once: Kysely prepares every query it runs, and SQLite
 * parses and plans a statement in `prepare`, which costs more than running a small query. Safe
 * with Kysely's driver, which runs one query at a time on its single connection; SQLite prepares
 * a statement again by itself when the schema changes under it.
 */
function withPreparedStatements(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new LRUCache<string, SQLite.Statement>({ max: PREPARED_STATEMENTS });
  return {
    prepare(sql) {
      let statement = statements.get(sql);
      if (!statement) {
        statement = sqlite.prepare(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
    close() {
      statements.clear();
      sqlite.close();
    },
  };
}
