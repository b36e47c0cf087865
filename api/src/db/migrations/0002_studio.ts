import { sql, type Kysely } from 'kysely';

/** Models, media, training-photo links, durable jobs and checkout sessions (issue 4). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('email_verified', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('users').addColumn('default_model_id', 'text').execute();
  await db.schema.alterTable('users').addColumn('stripe_customer_id', 'text').execute();
  await db.schema.alterTable('users').addColumn('stripe_subscription_id', 'text').execute();

  await db.schema
    .createTable('models')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('user_id', 'text', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('trigger_word', 'text', (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('position', 'integer', (column) => column.notNull())
    .addColumn('failure_reason', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('models_user')
    .on('models')
    .columns(['user_id', 'position'])
    .execute();

  await db.schema
    .createTable('media')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('user_id', 'text', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('type', 'text', (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('filename', 'text', (column) => column.notNull())
    .addColumn('content_type', 'text', (column) => column.notNull())
    .addColumn('caption', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('prompt', 'text')
    .addColumn('aspect_ratio', 'text')
    .addColumn('mode', 'text')
    .addColumn('job_id', 'text')
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('bytes', 'integer')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();
  // Keyset paging walks (created_at, id) downwards within one user's items.
  await db.schema
    .createIndex('media_user_created')
    .on('media')
    .columns(['user_id', 'created_at', 'id'])
    .execute();

  await db.schema
    .createTable('model_photos')
    .addColumn('model_id', 'text', (column) =>
      column.notNull().references('models.id').onDelete('cascade'),
    )
    .addColumn('media_id', 'text', (column) =>
      column.notNull().references('media.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (column) => column.notNull())
    .addPrimaryKeyConstraint('model_photos_pk', ['model_id', 'media_id'])
    .execute();
  await db.schema.createIndex('model_photos_media').on('model_photos').column('media_id').execute();

  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('user_id', 'text', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('kind', 'text', (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('model_id', 'text')
    .addColumn('input', 'text', (column) => column.notNull())
    .addColumn('output', 'text', (column) => column.notNull().defaultTo('[]'))
    .addColumn('error', 'text')
    .addColumn('progress', 'real')
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('idempotency_key', 'text')
    .addColumn('run_after', 'text', (column) => column.notNull())
    .addColumn('lease_owner', 'text')
    .addColumn('lease_expires_at', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema
    .createIndex('jobs_idempotency')
    .on('jobs')
    .columns(['user_id', 'idempotency_key'])
    .unique()
    .where(sql.ref('idempotency_key'), 'is not', null)
    .execute();
  // What a worker scans for: the oldest runnable queued job.
  await db.schema
    .createIndex('jobs_runnable')
    .on('jobs')
    .columns(['status', 'run_after'])
    .execute();

  await db.schema
    .createTable('checkout_sessions')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('user_id', 'text', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('expires_at', 'text', (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['checkout_sessions', 'jobs', 'model_photos', 'media', 'models']) {
    await db.schema.dropTable(table).execute();
  }
  for (const column of [
    'stripe_subscription_id',
    'stripe_customer_id',
    'default_model_id',
    'email_verified',
  ]) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
}
