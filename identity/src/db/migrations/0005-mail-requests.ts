import type { Kysely, Migration } from 'kysely';

/** Mail-sending requests per client address, counted like `code_requests` are per subject. */
export const mailRequests: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('mail_requests')
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('requested_at', 'integer', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('mail_requests_source')
      .on('mail_requests')
      .columns(['source', 'requested_at'])
      .execute();
  },
};
