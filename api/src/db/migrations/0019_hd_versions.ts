import { sql, type Kysely } from 'kysely';
import type { DatabaseDialect } from '../database';

/**
 * A generated image's 2× version (POST /media/{id}/hd), stored beside its original:
 * `hd_job_id` is the job that makes it (one per image: asking again answers with it), and
 * `hd_bytes` its size once stored (also counted in `stored_bytes`); null: none stored.
 */
export async function up(db: Kysely<unknown>, dialect: DatabaseDialect): Promise<void> {
  const text = dialect === 'postgres' ? sql`text COLLATE "C"` : sql`text`;
  await db.schema.alterTable('media').addColumn('hd_job_id', text).execute();
  await db.schema.alterTable('media').addColumn('hd_bytes', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('media').dropColumn('hd_bytes').execute();
  await db.schema.alterTable('media').dropColumn('hd_job_id').execute();
}
