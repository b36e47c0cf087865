import { sql, type Kysely } from 'kysely';

/**
 * A user's storage is counted from the rows that own the files (the quota, GET /user): a media
 * item's every stored file (original, web image, thumbnails), the profile picture, and an
 * edit's stored inputs. Null `stored_bytes`: an item stored before this, counted by its
 * original's `bytes`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('media').addColumn('stored_bytes', 'bigint').execute();
  await db.schema
    .alterTable('users')
    .addColumn('profile_picture_bytes', 'bigint', (column) => column.notNull().defaultTo(sql`0`))
    .execute();
  await db.schema.alterTable('jobs').addColumn('input_bytes', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('jobs').dropColumn('input_bytes').execute();
  await db.schema.alterTable('users').dropColumn('profile_picture_bytes').execute();
  await db.schema.alterTable('media').dropColumn('stored_bytes').execute();
}
