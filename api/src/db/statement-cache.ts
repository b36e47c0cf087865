import type SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';
import { LruMap } from '../lru-map';

/**
 * Distinct SQL texts kept prepared. The app's queries come in a few dozen shapes (Kysely binds
 * values as parameters); `in (?, ?, …)` lists add one shape per length.
 */
const STATEMENT_CACHE_SIZE = 500;

type RowOf = (values: unknown[]) => Record<string, unknown>;

/**
 * A function that turns one raw row (an array) into the object better-sqlite3 would have made,
 * written as one object literal: V8 builds it in a single step with a fixed shape, where
 * better-sqlite3's own objects are made property by property from C++ (measured on an 11-row,
 * 21-column page: 87 µs as objects, 50 µs raw and mapped). Computed keys, so a column named
 * `__proto__` stays a plain property. A later column of the same name wins, as it does in
 * better-sqlite3.
 */
function rowMaker(columns: readonly string[]): RowOf {
  const fields = columns.map((name, index) => `[${JSON.stringify(name)}]: values[${index}]`);
  return new Function('values', `return { ${fields.join(', ')} };`) as RowOf;
}

/** A statement that returns rows, run in raw mode and mapped to objects by `rowMaker`. */
function readerStatement(statement: SQLite.Statement): SqliteStatement {
  statement.raw(true);
  let columns = statement.columns().map((column) => column.name);
  let rowOf = rowMaker(columns);
  // SQLite re-prepares a statement when the schema changes under it: `select *` may then
  // answer other columns than the ones the maker was written for.
  const maker = (first: unknown[] | undefined): RowOf => {
    if (first && first.length !== columns.length) {
      columns = statement.columns().map((column) => column.name);
      rowOf = rowMaker(columns);
    }
    return rowOf;
  };
  return {
    reader: true,
    all(parameters) {
      const rows = statement.all(parameters) as unknown[][];
      const make = maker(rows[0]);
      return rows.map(make);
    },
    run(parameters) {
      return statement.run(parameters);
    },
    *iterate(parameters) {
      for (const values of statement.iterate(parameters) as IterableIterator<unknown[]>) {
        yield maker(values)(values);
      }
    },
  };
}

/** A statement that may change data (`insert … returning` too): `onWrite` after each run. */
function countingWrites(statement: SqliteStatement, onWrite: () => void): SqliteStatement {
  return {
    reader: statement.reader,
    all(parameters) {
      try {
        return statement.all(parameters);
      } finally {
        onWrite();
      }
    },
    run(parameters) {
      try {
        return statement.run(parameters);
      } finally {
        onWrite();
      }
    },
    *iterate(parameters) {
      try {
        yield* statement.iterate(parameters);
      } finally {
        onWrite();
      }
    },
  };
}

/**
 * better-sqlite3 as Kysely's SQLite driver sees it, with each statement prepared once and reused:
 * SQLite parses and plans a statement in `prepare`, which costs more than running a small query.
 * Safe with Kysely's driver, which runs one query at a time on its single connection (a streamed
 * select holds the connection until it ends), and SQLite re-prepares a statement by itself when
 * the schema changes under it. `onWrite` runs after every statement that may have changed data
 * (see data-version.ts).
 */
export function withStatementCache(
  sqlite: SQLite.Database,
  onWrite: () => void = () => undefined,
): SqliteDatabase {
  const statements = new LruMap<string, SqliteStatement>(STATEMENT_CACHE_SIZE);
  return {
    prepare(sql) {
      let statement = statements.get(sql);
      if (!statement) {
        const prepared = sqlite.prepare(sql);
        const wrapped = prepared.reader ? readerStatement(prepared) : prepared;
        // SQLite calls COMMIT and ROLLBACK read-only: every statement that returns no rows counts.
        statement =
          prepared.reader && prepared.readonly ? wrapped : countingWrites(wrapped, onWrite);
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
