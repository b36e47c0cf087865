import type { Kysely, Migration } from 'kysely';

export const totpLastStep: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('users').addColumn('totp_last_step', 'integer').execute();
  },
};
