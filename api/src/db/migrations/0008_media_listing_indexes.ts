import type { Kysely } from 'kysely';

/**
 * The gallery's keyset pages (GET /media: one user's images of a status, optionally of a type,
 * newest first, after a cursor) become one index range each: the filters lead, the sort
 * follows, so `(created_at, id) < (?, ?)` narrows the range instead of every newer row being
 * read and skipped. Together they serve every lookup the old (user_id, created_at, id) did.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('media_user_status_created')
    .on('media')
    .columns(['user_id', 'status', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('media_user_type_status_created')
    .on('media')
    .columns(['user_id', 'type', 'status', 'created_at', 'id'])
    .execute();
  await db.schema.dropIndex('media_user_created').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('media_user_created')
    .on('media')
    .columns(['user_id', 'created_at', 'id'])
    .execute();
  await db.schema.dropIndex('media_user_type_status_created').execute();
  await db.schema.dropIndex('media_user_status_created').execute();
}
