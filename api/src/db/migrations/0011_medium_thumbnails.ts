import { sql, type Kysely } from 'kysely';

/**
 * Images processed from now on also get a 384-pixel thumbnail (pipeline.ts) for the tiles
 * between the small and the full thumbnail. 1: stored; 0: an image from before it existed, whose
 * tiles choose between the thumbnails it has.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('media')
    .addColumn('medium_thumbnail', 'integer', (column) => column.notNull().defaultTo(sql`0`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('media').dropColumn('medium_thumbnail').execute();
}
