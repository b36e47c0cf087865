import type { Kysely } from 'kysely';

/**
 * Issue 4: a photo uploaded straight to S3 is checked when it is next used, after the client has
 * moved on; when the check refuses it, the row keeps the reason so the client can show it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('media').addColumn('failure_reason', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('media').dropColumn('failure_reason').execute();
}
