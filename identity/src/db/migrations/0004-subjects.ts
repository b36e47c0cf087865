import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Limits and codes are kept per *subject* (a user's id, or the stable decoy id an unknown
 * username stands for) instead of per user row, so an unknown username meets the same limits as
 * a real one. Failed sign-ins move from the user row to a table keyed by subject and source.
 */
export const subjects: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('password_attempts')
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('locked_until', 'integer')
      .addColumn('last_attempt_at', 'integer', (c) => c.notNull())
      .addColumn('last_failure_at', 'integer')
      .addColumn('last_success_at', 'integer')
      .addPrimaryKeyConstraint('password_attempts_pk', ['subject', 'source'])
      .execute();
    await db.schema
      .createIndex('password_attempts_source')
      .on('password_attempts')
      .column('source')
      .execute();

    await db.schema
      .createTable('code_requests')
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('requested_at', 'integer', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('code_requests_subject')
      .on('code_requests')
      .columns(['subject', 'requested_at'])
      .execute();

    // Codes: `user_id` (a foreign key) becomes `subject` (none), keeping the live codes.
    await db.schema
      .createTable('subject_codes')
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('purpose', 'text', (c) => c.notNull())
      .addColumn('code_hash', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'integer', (c) => c.notNull())
      .addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('subject_codes_pk', ['subject', 'purpose'])
      .execute();
    await sql`INSERT INTO subject_codes (subject, purpose, code_hash, expires_at, failed_attempts)
      SELECT user_id, purpose, code_hash, expires_at, failed_attempts FROM codes`.execute(db);
    await db.schema.dropTable('codes').execute();
    await db.schema.alterTable('subject_codes').renameTo('codes').execute();

    // A sign-in challenge may now belong to no user (a decoy); challenges live three minutes,
    // so the table is recreated empty rather than copied.
    await db.schema.dropTable('auth_sessions').execute();
    await db.schema
      .createTable('auth_sessions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
      .addColumn('challenge', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'integer', (c) => c.notNull())
      .execute();

    await db.schema.alterTable('users').dropColumn('failed_sign_ins').execute();
    await db.schema.alterTable('users').dropColumn('locked_until').execute();
  },
};
