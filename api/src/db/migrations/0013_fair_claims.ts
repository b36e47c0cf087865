import type { Kysely } from 'kysely';

/**
 * A claim orders the queued jobs by their user's running jobs and last start (see
 * kysely-lease-store.ts): both are read per user, from these indexes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('jobs_user_status')
    .on('jobs')
    .columns(['user_id', 'status'])
    .execute();
  await db.schema
    .createIndex('jobs_user_started')
    .on('jobs')
    .columns(['user_id', 'started_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('jobs_user_started').execute();
  await db.schema.dropIndex('jobs_user_status').execute();
}
