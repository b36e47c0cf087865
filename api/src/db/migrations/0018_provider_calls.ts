import { sql, type Kysely } from 'kysely';
import type { DatabaseDialect } from '../database';

/**
 * A job's calls at the image provider, one row each: a pack run makes one per prompt. Each id
 * is recorded before the job waits on it (a restart resumes on it) and is what the provider's
 * reports are matched by, so it gets a column of its own instead of a list in `jobs`.
 */
export async function up(db: Kysely<unknown>, dialect: DatabaseDialect): Promise<void> {
  // Every text column on PostgreSQL compares byte-wise (0004).
  const text = dialect === 'postgres' ? sql`text COLLATE "C"` : sql`text`;
  await db.schema
    .createTable('provider_calls')
    .addColumn('job_id', text, (column) =>
      column.notNull().references('jobs.id').onDelete('cascade'),
    )
    .addColumn('part', 'integer', (column) => column.notNull())
    .addColumn('provider_job_id', text, (column) => column.notNull())
    .addPrimaryKeyConstraint('provider_calls_pk', ['job_id', 'part'])
    .execute();
  await db.schema
    .createIndex('provider_calls_provider_job')
    .on('provider_calls')
    .column('provider_job_id')
    .execute();
  await sql`
    INSERT INTO provider_calls (job_id, part, provider_job_id)
    SELECT id, 0, provider_job_id FROM jobs WHERE provider_job_id IS NOT NULL`.execute(db);
  await db.schema.dropIndex('jobs_provider_job').execute();
  await db.schema.alterTable('jobs').dropColumn('provider_job_id').execute();
}

export async function down(db: Kysely<unknown>, dialect: DatabaseDialect): Promise<void> {
  const text = dialect === 'postgres' ? sql`text COLLATE "C"` : sql`text`;
  await db.schema.alterTable('jobs').addColumn('provider_job_id', text).execute();
  await sql`
    UPDATE jobs SET provider_job_id = (
      SELECT provider_job_id FROM provider_calls
      WHERE provider_calls.job_id = jobs.id AND provider_calls.part = 0)`.execute(db);
  await db.schema.createIndex('jobs_provider_job').on('jobs').column('provider_job_id').execute();
  await db.schema.dropTable('provider_calls').execute();
}
