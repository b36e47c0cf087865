import { Migrator, type Kysely, type Migration } from 'kysely';
import type { DatabaseDialect } from './database';
import type { Database } from './schema';
import { migrations, type DialectMigration } from './migrations';

function forDialect(migration: DialectMigration, dialect: DatabaseDialect): Migration {
  const { down } = migration;
  return {
    up: (db) => migration.up(db, dialect),
    ...(down ? { down: (db: Kysely<unknown>) => down(db, dialect) } : {}),
  };
}

/**
 * On PostgreSQL, Kysely applies the pending migrations in one transaction under an advisory lock,
 * so processes starting together migrate once and a failed migration leaves nothing half-done.
 */
export async function migrateToLatest(
  db: Kysely<Database>,
  dialect: DatabaseDialect,
): Promise<void> {
  const provider = {
    getMigrations: async () =>
      Object.fromEntries(
        Object.entries(migrations).map(([name, migration]) => [
          name,
          forDialect(migration, dialect),
        ]),
      ),
  };
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error === undefined) return;
  const failed = results?.find((result) => result.status === 'Error')?.migrationName;
  throw new Error(`Database migration failed${failed ? ` at ${failed}` : ''}`, { cause: error });
}
