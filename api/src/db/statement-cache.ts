import type SQLite from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';
import { LruMap } from '../lru-map';

/**
 * Distinct SQL texts kept prepared. The app's queries come in a few dozen shapes (Kysely binds
 * values as parameters); `in (?, ?, …)` lists add one shape per length.
 */
const STATEMENT_CACHE_SIZE = 500;

/**
 * better-sqlite3 as Kysely's SQLite driver sees it, with each statement prepared once and reused:
 * SQLite parses and plans a statement in `prepare`, which costs more than running a small query.
 * Safe with Kysely's driver, which runs one query at a time on its single connection (a streamed
 * select holds the connection until it ends), and SQLite re-prepares a statement by itself when
 * the schema changes under it.
 */
export function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new LruMap<string, SQLite.Statement>(STATEMENT_CACHE_SIZE);
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
