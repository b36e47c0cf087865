import { sql, type Kysely } from 'kysely';
import type { DatabaseDialect } from '../database';

/**
 * A mail when a training ends, unless the user turned it off (`training_mail`, on by default).
 * `mail_outbox` holds each mail the api sends; its id says what the mail is about (one per
 * training), so the transaction that ends a training records its mail at most once, and the
 * delivery claims a row by setting `sent_at`.
 */
export async function up(db: Kysely<unknown>, dialect: DatabaseDialect): Promise<void> {
  // Every text column on PostgreSQL compares byte-wise (0004).
  const text = dialect === 'postgres' ? sql`text COLLATE "C"` : sql`text`;
  await db.schema
    .alterTable('users')
    .addColumn('training_mail', 'integer', (column) => column.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', text, (column) => column.primaryKey())
    .addColumn('user_id', text, (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('to_address', text, (column) => column.notNull())
    .addColumn('subject', text, (column) => column.notNull())
    .addColumn('text_body', text, (column) => column.notNull())
    .addColumn('html_body', text, (column) => column.notNull())
    .addColumn('created_at', text, (column) => column.notNull())
    .addColumn('sent_at', text)
    .execute();
  await db.schema
    .createIndex('mail_outbox_unsent')
    .on('mail_outbox')
    .columns(['sent_at', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mail_outbox').execute();
  await db.schema.alterTable('users').dropColumn('training_mail').execute();
}
