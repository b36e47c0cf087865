import { sql, type Kysely } from 'kysely';

/**
 * Images processed from now on also get a 256-pixel thumbnail (pipeline.ts) for small tiles. 1:
 * stored; 0: an image from before it existed, whose tiles keep using the 512-pixel thumbnail.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('media')
    .addColumn('small_thumbnail', 'integer', (column) => column.notNull().defaultTo(sql`0`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('media').dropColumn('small_thumbnail').execute();
}
