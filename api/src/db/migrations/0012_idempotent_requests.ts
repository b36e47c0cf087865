import { sql, type Kysely } from 'kysely';
import type { DatabaseDialect } from '../database';

/**
 * An Idempotency-Key names one request: a job keeps a fingerprint of the request that created it
 * (a retry with another body is refused, not answered with the old job), and photo uploads get
 * keys too: `upload_requests` remembers which media rows a keyed upload request made, so its
 * retry answers with them instead of storing the photos again. `media_ids` stays null while the
 * first request is still at work.
 */
export async function up(db: Kysely<unknown>, dialect: DatabaseDialect): Promise<void> {
  // Every text column on PostgreSQL compares byte-wise (0004).
  const text = dialect === 'postgres' ? sql`text COLLATE "C"` : sql`text`;
  await db.schema.alterTable('jobs').addColumn('request_hash', text).execute();
  await db.schema
    .createTable('upload_requests')
    .addColumn('user_id', text, (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('idempotency_key', text, (column) => column.notNull())
    .addColumn('request_hash', text, (column) => column.notNull())
    .addColumn('media_ids', text)
    .addColumn('created_at', text, (column) => column.notNull())
    .addPrimaryKeyConstraint('upload_requests_pk', ['user_id', 'idempotency_key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('upload_requests').execute();
  await db.schema.alterTable('jobs').dropColumn('request_hash').execute();
}
