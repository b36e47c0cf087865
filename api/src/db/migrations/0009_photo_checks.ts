import { sql, type Kysely } from 'kysely';
import type { DatabaseDialect } from '../database';

/**
 * Issue 13: a training photo's face check runs when it is uploaded, so the user hears of a photo
 * no training can use before starting one. Null: not checked (generated images, older photos).
 */
export async function up(db: Kysely<unknown>, dialect: DatabaseDialect): Promise<void> {
  // Every text column on PostgreSQL compares byte-wise (0004).
  const type = dialect === 'postgres' ? sql`text COLLATE "C"` : sql`text`;
  await db.schema.alterTable('media').addColumn('photo_check', type).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('media').dropColumn('photo_check').execute();
}
