import type { Kysely } from 'kysely';
import type { IdentityDatabase } from './schema';

/** Outbox mail is kept this long: enough to read a code, not a growing archive of them. */
const OUTBOX_RETENTION_MS = 7 * 24 * 3_600_000;
/** Longer than any lock-out window (15 min) and the code-request window (1 h). */
const THROTTLE_RETENTION_MS = 3_600_000;
/** Sources the owner signed in from stay known this long (see `password-attempts.ts`). */
const KNOWN_SOURCE_RETENTION_MS = 90 * 24 * 3_600_000;

/**
 * Removes what can never be used again: expired challenges, codes, refresh tokens, old mail, and
 * throttling state no limit looks at any more.
 */
export async function purgeExpired(db: Kysely<IdentityDatabase>, now: Date): Promise<void> {
  const at = now.getTime();
  await db.deleteFrom('auth_sessions').where('expires_at', '<=', at).execute();
  await db.deleteFrom('codes').where('expires_at', '<=', at).execute();
  await db.deleteFrom('upstream_requests').where('expires_at', '<=', at).execute();
  await db.deleteFrom('authorization_codes').where('expires_at', '<=', at).execute();
  await db.deleteFrom('refresh_tokens').where('expires_at', '<=', at).execute();
  for (const table of ['code_requests', 'mail_requests'] as const) {
    await db
      .deleteFrom(table)
      .where('requested_at', '<=', at - THROTTLE_RETENTION_MS)
      .execute();
  }
  await db
    .deleteFrom('password_attempts')
    .where((eb) =>
      eb.and([
        eb('last_attempt_at', '<=', at - THROTTLE_RETENTION_MS),
        eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', at)]),
        eb.or([
          eb('last_success_at', 'is', null),
          eb('last_success_at', '<=', at - KNOWN_SOURCE_RETENTION_MS),
        ]),
      ]),
    )
    .execute();
  await db
    .deleteFrom('outbox')
    .where('created_at', '<=', at - OUTBOX_RETENTION_MS)
    .execute();
}
