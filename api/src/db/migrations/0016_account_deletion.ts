import { sql, type Kysely } from 'kysely';
import type { DatabaseDialect } from '../database';

/**
 * An account whose deletion was asked for: its requests are refused from then on, while the
 * deletion job works through its data. The receipt flag keeps a resumed job from mailing twice;
 * both go with the row, the job's last step.
 */
export async function up(db: Kysely<unknown>, dialect: DatabaseDialect): Promise<void> {
  // Every text column on PostgreSQL compares byte-wise (0004).
  const text = dialect === 'postgres' ? sql`text COLLATE "C"` : sql`text`;
  await db.schema.alterTable('users').addColumn('deletion_requested_at', text).execute();
  await db.schema
    .alterTable('users')
    .addColumn('deletion_receipt_sent', 'integer', (column) => column.notNull().defaultTo(sql`0`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('deletion_receipt_sent').execute();
  await db.schema.alterTable('users').dropColumn('deletion_requested_at').execute();
}
