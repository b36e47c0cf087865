import { sql, type Kysely } from 'kysely';
import type { DatabaseDialect } from '../database';

/**
 * Previews: `preview_of` is the model a generated image previews (a zero-shot picture made
 * while that model trained; null for every other image), looked up per model for its row.
 * `photo_score` is a training photo's face check's measure of how much of the face there is to
 * learn from: the best-scored photo is the reference a preview is made from.
 */
export async function up(db: Kysely<unknown>, dialect: DatabaseDialect): Promise<void> {
  const text = dialect === 'postgres' ? sql`text COLLATE "C"` : sql`text`;
  await db.schema.alterTable('media').addColumn('preview_of', text).execute();
  await db.schema.alterTable('media').addColumn('photo_score', 'real').execute();
  await db.schema
    .createIndex('media_preview_of')
    .on('media')
    .columns(['user_id', 'preview_of'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('media_preview_of').execute();
  await db.schema.alterTable('media').dropColumn('photo_score').execute();
  await db.schema.alterTable('media').dropColumn('preview_of').execute();
}
