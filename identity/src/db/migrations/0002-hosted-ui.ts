import type { Kysely, Migration } from 'kysely';

export const hostedUi: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('upstream_requests')
      .addColumn('state', 'text', (c) => c.primaryKey())
      .addColumn('nonce', 'text', (c) => c.notNull())
      .addColumn('code_verifier', 'text', (c) => c.notNull())
      .addColumn('redirect_uri', 'text', (c) => c.notNull())
      .addColumn('client_state', 'text')
      .addColumn('code_challenge', 'text', (c) => c.notNull())
      .addColumn('scope', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'integer', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('authorization_codes')
      .addColumn('code_hash', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('redirect_uri', 'text', (c) => c.notNull())
      .addColumn('code_challenge', 'text', (c) => c.notNull())
      .addColumn('scope', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'integer', (c) => c.notNull())
      .execute();
  },
};
