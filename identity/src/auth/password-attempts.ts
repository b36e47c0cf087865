import { sql } from 'kysely';
import { CognitoError } from '../errors';
import type { IdentityService } from '../service';

/**
 * Cognito's documented lock-out, counted per subject *and source* (client address): five free
 * failures, then a lock of 2^(n-5) seconds up to about 15 minutes, n not counting attempts
 * refused while locked, so those neither lengthen this lock nor the next. 15 minutes without
 * any attempt start the count over. Because each source has its own count, a stranger's guesses
 * lock out the stranger, not the owner.
 */
const FREE_FAILURES = 5;
const MAX_LOCK_MS = 15 * 60_000;
const QUIET_RESET_MS = 15 * 60_000;

/**
 * Many sources guessing at one subject (a distributed attack) wait together once their failures
 * within the window reach this; sources the owner signed in from lately are exempt.
 */
const SUBJECT_FAILURES_PER_WINDOW = 20;
/** One source failing on many subjects (password spraying) is throttled as a whole. */
const SOURCE_FAILURES_PER_WINDOW = 50;
const WINDOW_MS = 15 * 60_000;
/** How long a source the owner signed in from stays exempt from the shared throttle. */
const KNOWN_SOURCE_MS = 90 * 24 * 3_600_000;

export const incorrectCredentials = () =>
  new CognitoError('NotAuthorizedException', 'Incorrect username or password.');

const passwordAttemptsExceeded = () =>
  new CognitoError('NotAuthorizedException', 'Password attempts exceeded');

const rateExceeded = () => new CognitoError('TooManyRequestsException', 'Rate exceeded');

/**
 * Refuses the attempt without looking at the password when this source is locked out of the
 * subject (NotAuthorizedException "Password attempts exceeded"), when strangers together have
 * failed too often on it (the same), or when the source fails everywhere (TooManyRequestsException).
 */
export async function assertSignInAllowed(
  service: IdentityService,
  subject: string,
  source: string,
): Promise<void> {
  const refusal = await refusalFor(service, subject, source);
  if (refusal === undefined) return;
  // Not a failure, but an attempt: it keeps the count from starting over.
  const now = service.options.now().getTime();
  await service.db
    .insertInto('password_attempts')
    .values({
      subject,
      source,
      failures: 0,
      locked_until: null,
      last_attempt_at: now,
      last_failure_at: null,
      last_success_at: null,
    })
    .onConflict((conflict) =>
      conflict.columns(['subject', 'source']).doUpdateSet({ last_attempt_at: now }),
    )
    .execute();
  throw refusal;
}

async function refusalFor(
  service: IdentityService,
  subject: string,
  source: string,
): Promise<CognitoError | undefined> {
  const { db } = service;
  const now = service.options.now().getTime();
  const own = await db
    .selectFrom('password_attempts')
    .selectAll()
    .where('subject', '=', subject)
    .where('source', '=', source)
    .executeTakeFirst();
  if (own?.locked_until != null && own.locked_until > now) return passwordAttemptsExceeded();

  const recentFailures = sql<number>`coalesce(sum(failures), 0)`.as('failures');
  const bySource = await db
    .selectFrom('password_attempts')
    .select(recentFailures)
    .where('source', '=', source)
    .where('last_failure_at', '>', now - WINDOW_MS)
    .executeTakeFirstOrThrow();
  if (bySource.failures >= SOURCE_FAILURES_PER_WINDOW) return rateExceeded();

  const knownSource = own?.last_success_at != null && own.last_success_at > now - KNOWN_SOURCE_MS;
  if (knownSource) return undefined;
  const byStrangers = await db
    .selectFrom('password_attempts')
    .select(recentFailures)
    .where('subject', '=', subject)
    .where('last_failure_at', '>', now - WINDOW_MS)
    .where((eb) =>
      eb.or([
        eb('last_success_at', 'is', null),
        eb('last_success_at', '<=', now - KNOWN_SOURCE_MS),
      ]),
    )
    .executeTakeFirstOrThrow();
  if (byStrangers.failures >= SUBJECT_FAILURES_PER_WINDOW) return passwordAttemptsExceeded();
  return undefined;
}

/** Counts a wrong password and answers as Cognito does: "Incorrect username or password.". */
export async function recordFailedPassword(
  service: IdentityService,
  subject: string,
  source: string,
): Promise<never> {
  const now = service.options.now().getTime();
  const row = await service.db
    .selectFrom('password_attempts')
    .select(['failures', 'last_attempt_at'])
    .where('subject', '=', subject)
    .where('source', '=', source)
    .executeTakeFirst();
  const quiet = row === undefined || row.last_attempt_at <= now - QUIET_RESET_MS;
  const failures = (quiet ? 0 : row.failures) + 1;
  const lockMs =
    failures >= FREE_FAILURES ? Math.min(1000 * 2 ** (failures - FREE_FAILURES), MAX_LOCK_MS) : 0;
  const changes = {
    failures,
    locked_until: lockMs > 0 ? now + lockMs : null,
    last_attempt_at: now,
    last_failure_at: now,
  };
  await service.db
    .insertInto('password_attempts')
    .values({ subject, source, last_success_at: null, ...changes })
    .onConflict((conflict) => conflict.columns(['subject', 'source']).doUpdateSet(changes))
    .execute();
  throw incorrectCredentials();
}

/** A correct password starts this source's count over and marks it as one the owner uses. */
export async function recordCorrectPassword(
  service: IdentityService,
  subject: string,
  source: string,
): Promise<void> {
  const now = service.options.now().getTime();
  const changes = { failures: 0, locked_until: null, last_attempt_at: now, last_success_at: now };
  await service.db
    .insertInto('password_attempts')
    .values({ subject, source, last_failure_at: null, ...changes })
    .onConflict((conflict) => conflict.columns(['subject', 'source']).doUpdateSet(changes))
    .execute();
}

/** A new password (reset, change, operator) ends every lock on the account. */
export async function clearPasswordAttempts(
  service: IdentityService,
  subject: string,
): Promise<void> {
  await service.db
    .updateTable('password_attempts')
    .set({ failures: 0, locked_until: null })
    .where('subject', '=', subject)
    .execute();
}
