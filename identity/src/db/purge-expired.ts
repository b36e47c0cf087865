import type { Kysely } from 'kysely';
import type { IdentityDatabase } from './schema';

/** Outbox mail is kept this long: enough to read a code, not a growing archive of them. */
const OUTBOX_RETENTION_MS = 7 * 24 * 3_600_000;

/** Removes what can never be used again: expired challenges, codes, refresh tokens, old mail. */
export async function purgeExpired(db: Kysely<IdentityDatabase>, now: Date): Promise<void> {
  const at = now.getTime();
  await db.deleteFrom('auth_sessions').where('expires_at', '<=', at).execute();
  await db.deleteFrom('codes').where('expires_at', '<=', at).execute();
  await db.deleteFrom('upstream_requests').where('expires_at', '<=', at).execute();
  await db.deleteFrom('authorization_codes').where('expires_at', '<=', at).execute();
  await db.deleteFrom('refresh_tokens').where('expires_at', '<=', at).execute();
  await db
    .deleteFrom('outbox')
    .where('created_at', '<=', at - OUTBOX_RETENTION_MS)
    .execute();
}
