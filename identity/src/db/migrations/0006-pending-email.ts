import type { Kysely, Migration } from 'kysely';

/** A requested e-mail change waits here until the mailed code proves the new address. */
export const pendingEmail: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('users').addColumn('pending_email', 'text').execute();
  },
};
