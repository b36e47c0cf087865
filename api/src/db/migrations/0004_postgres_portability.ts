import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DatabaseDialect } from '../database';

const TABLES = ['users', 'models', 'media', 'model_photos', 'jobs', 'checkout_sessions'];

/**
 * What makes the first three migrations mean on PostgreSQL what they mean on SQLite; nothing to do
 * on SQLite. Text compares and sorts bytewise there (ids, and the ISO timestamps that keyset
 * paging and the job queue compare), so every text column gets the "C" collation, whatever the
 * database's own default is. And `real` is a double in SQLite but 4 bytes in PostgreSQL, which
 * would round progress and identity scores.
 */
export async function up(db: Kysely<unknown>, dialect: DatabaseDialect): Promise<void> {
  if (dialect !== 'postgres') return;
  await alterColumns(db, ['text', 'real'], (type) =>
    type === 'text' ? sql`text COLLATE "C"` : sql`double precision`,
  );
}

export async function down(db: Kysely<unknown>, dialect: DatabaseDialect): Promise<void> {
  if (dialect !== 'postgres') return;
  await alterColumns(db, ['text', 'double precision'], (type) =>
    type === 'text' ? sql`text COLLATE "default"` : sql`real`,
  );
}

/** One ALTER TABLE per table, so its indexes are rebuilt once. */
async function alterColumns(
  db: Kysely<unknown>,
  dataTypes: string[],
  newType: (dataType: string) => RawBuilder<unknown>,
): Promise<void> {
  const { rows } = await sql<{ table_name: string; column_name: string; data_type: string }>`
    SELECT table_name, column_name, data_type FROM information_schema.columns
    WHERE table_schema = current_schema() AND table_name IN (${sql.join(TABLES)})
      AND data_type IN (${sql.join(dataTypes)})
    ORDER BY ordinal_position`.execute(db);
  for (const table of TABLES) {
    const changes = rows
      .filter((column) => column.table_name === table)
      .map(
        (column) =>
          sql`ALTER COLUMN ${sql.ref(column.column_name)} TYPE ${newType(column.data_type)}`,
      );
    if (changes.length > 0) {
      await sql`ALTER TABLE ${sql.table(table)} ${sql.join(changes)}`.execute(db);
    }
  }
}
