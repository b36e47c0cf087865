import type { Kysely } from 'kysely';

// Migrations take an untyped Kysely: they must keep compiling as the live schema moves on.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('identity_sub', 'text', (column) => column.notNull().unique())
    .addColumn('email', 'text', (column) => column.notNull())
    .addColumn('name', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('profile_picture_key', 'text')
    .addColumn('subscription_status', 'text', (column) => column.notNull().defaultTo('none'))
    .addColumn('subscription_end', 'text')
    .addColumn('is_admin', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('model_limit', 'integer', (column) => column.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('users').execute();
}
