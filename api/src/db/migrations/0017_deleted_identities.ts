import { sql, type Kysely } from 'kysely';
import type { DatabaseDialect } from '../database';

/**
 * The identities whose account was deleted, for as long as a token of theirs can still be valid
 * (Amazon Cognito's tokens outlive the user they were issued to): such a token must not make a
 * new, empty account on its next request. Only a hash of the identity's id is kept.
 */
export async function up(db: Kysely<unknown>, dialect: DatabaseDialect): Promise<void> {
  // Every text column on PostgreSQL compares byte-wise (0004).
  const text = dialect === 'postgres' ? sql`text COLLATE "C"` : sql`text`;
  await db.schema
    .createTable('deleted_identities')
    .addColumn('identity_hash', text, (column) => column.primaryKey())
    .addColumn('deleted_at', text, (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('deleted_identities').execute();
}
