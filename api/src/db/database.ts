import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { AppConfig } from '../config';
import type { Database } from './schema';

const BUSY_TIMEOUT_MS = 5000;

export function openDatabase({ file }: AppConfig['database']): Kysely<Database> {
  mkdirSync(dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  // WAL lets reads proceed during a write; busy_timeout makes a second writer (a worker, a
  // second process) wait for the lock instead of failing at once with SQLITE_BUSY.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
}
