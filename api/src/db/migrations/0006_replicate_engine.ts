import type { Kysely } from 'kysely';

/**
 * The Replicate engine (issue 5): which engine trained a model and the provider version it
 * generates with; the provider's job id on our job, written before waiting so that a retry
 * after a crash resumes the same (paid) training or prediction; and the provider's terminal
 * reports (from its signed webhooks or our own polls), which every worker process can read.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('models').addColumn('engine', 'text').execute();
  await db.schema.alterTable('models').addColumn('replicate_version', 'text').execute();
  await db.schema.alterTable('jobs').addColumn('provider_job_id', 'text').execute();
  await db.schema
    .createTable('replicate_outcomes')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('body', 'text', (column) => column.notNull())
    .addColumn('recorded_at', 'text', (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('replicate_outcomes').execute();
  await db.schema.alterTable('jobs').dropColumn('provider_job_id').execute();
  await db.schema.alterTable('models').dropColumn('replicate_version').execute();
  await db.schema.alterTable('models').dropColumn('engine').execute();
}
