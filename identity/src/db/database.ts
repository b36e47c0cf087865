import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { userPool } from './migrations/0001-user-pool';
import { hostedUi } from './migrations/0002-hosted-ui';
import { totpLastStep } from './migrations/0003-totp-last-step';
import { subjects } from './migrations/0004-subjects';
import { mailRequests } from './migrations/0005-mail-requests';
import { pendingEmail } from './migrations/0006-pending-email';
import type { IdentityDatabase } from './schema';

const BUSY_TIMEOUT_MS = 5000;

/** A connection to `<dataDir>/identity.sqlite` (created on first start), not migrated yet. */
export function openIdentitySqlite(dataDir: string): SQLite.Database {
  mkdirSync(dataDir, { recursive: true });
  const sqlite = new SQLite(join(dataDir, 'identity.sqlite'));
  // busy_timeout first (the WAL switch itself may wait), then WAL: the plugin, the hosted UI,
  // the CLI and the host's revocation check use this file from separate connections.
  sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  sqlite.pragma('journal_mode = WAL');
  // WAL's usual setting: commits wait for no fsync (a power cut may lose the last ones, never
  // consistency). It also keeps an answer's time from hinging on how many commits it made, which
  // would tell a real e-mail (code + mail) from an unknown one (code only).
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  return sqlite;
}

/**
 * Opens (creating on first start) `<dataDir>/identity.sqlite`, or the given connection to it,
 * and migrates it to the latest schema.
 */
export async function openIdentityDatabase(
  dataDir: string,
  sqlite: SQLite.Database = openIdentitySqlite(dataDir),
): Promise<Kysely<IdentityDatabase>> {
  const db = new Kysely<IdentityDatabase>({ dialect: new SqliteDialect({ database: sqlite }) });
  try {
    await migrate(db);
  } catch (error) {
    await db.destroy();
    throw new Error('identity: database migration failed', { cause: error });
  }
  return db;
}

const MIGRATION_ATTEMPTS = 10;

/**
 * Kysely takes no lock for SQLite migrations, so two connections opening a fresh file at once
 * may both try the same migration; the loser's transaction rolls back ("table already exists")
 * and its next attempt finds the work done.
 */
async function migrate(db: Kysely<IdentityDatabase>): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: {
      getMigrations: async () => ({
        '0001-user-pool': userPool,
        '0002-hosted-ui': hostedUi,
        '0003-totp-last-step': totpLastStep,
        '0004-subjects': subjects,
        '0005-mail-requests': mailRequests,
        '0006-pending-email': pendingEmail,
      }),
    },
  });
  for (let attempt = 1; ; attempt += 1) {
    const { error } = await migrator.migrateToLatest();
    if (error === undefined) return;
    if (attempt === MIGRATION_ATTEMPTS) throw error;
    await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
  }
}
