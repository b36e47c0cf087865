import type { Kysely } from 'kysely';

/**
 * What the engine layer writes (issue 5): the ETA reported with progress, the photos a training
 * could not use, and on each generated image what made it and its identity score.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('eta_seconds', 'integer').execute();
  await db.schema.alterTable('models').addColumn('photo_issues', 'text').execute();
  await db.schema.alterTable('media').addColumn('seed', 'integer').execute();
  await db.schema.alterTable('media').addColumn('model_ids', 'text').execute();
  await db.schema.alterTable('media').addColumn('engine', 'text').execute();
  await db.schema.alterTable('media').addColumn('identity_score', 'real').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['identity_score', 'engine', 'model_ids', 'seed']) {
    await db.schema.alterTable('media').dropColumn(column).execute();
  }
  await db.schema.alterTable('models').dropColumn('photo_issues').execute();
  await db.schema.alterTable('jobs').dropColumn('eta_seconds').execute();
}
