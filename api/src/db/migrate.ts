import { Migrator, type Kysely } from 'kysely';
import type { Database } from './schema';
import { migrations } from './migrations';

export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error === undefined) return;
  const failed = results?.find((result) => result.status === 'Error')?.migrationName;
  throw new Error(`Database migration failed${failed ? ` at ${failed}` : ''}`, { cause: error });
}
