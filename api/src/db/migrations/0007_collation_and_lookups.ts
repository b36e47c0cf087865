import { sql, type Kysely } from 'kysely';
import type { DatabaseDialect } from '../database';

/**
 * Migrations 0005 and 0006 added text columns after 0004 gave every text column the "C"
 * collation on PostgreSQL; they get it too (`replicate_outcomes.recorded_at` is compared as a
 * timestamp). And two lookups the Replicate engine makes often get indexes: a job by its
 * provider job id (outcome pruning), outcomes by age.
 */
export async function up(db: Kysely<unknown>, dialect: DatabaseDialect): Promise<void> {
  if (dialect === 'postgres') {
    const { rows } = await sql<{ table_name: string; column_name: string }>`
      SELECT table_name, column_name FROM information_schema.columns
      WHERE table_schema = current_schema() AND data_type = 'text'
        AND collation_name IS DISTINCT FROM 'C' AND table_name NOT LIKE 'kysely%'
      ORDER BY table_name, ordinal_position`.execute(db);
    for (const table of new Set(rows.map((row) => row.table_name))) {
      const changes = rows
        .filter((row) => row.table_name === table)
        .map((row) => sql`ALTER COLUMN ${sql.ref(row.column_name)} TYPE text COLLATE "C"`);
      await sql`ALTER TABLE ${sql.table(table)} ${sql.join(changes)}`.execute(db);
    }
  }
  await db.schema.createIndex('jobs_provider_job').on('jobs').column('provider_job_id').execute();
  await db.schema
    .createIndex('replicate_outcomes_recorded')
    .on('replicate_outcomes')
    .column('recorded_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('replicate_outcomes_recorded').execute();
  await db.schema.dropIndex('jobs_provider_job').execute();
}
