import type { Kysely } from 'kysely';

/**
 * Issue 13: a training photo's face check runs when it is uploaded, so the user hears of a photo
 * no training can use before starting one. Null: not checked (generated images, older photos).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('media').addColumn('photo_check', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('media').dropColumn('photo_check').execute();
}
