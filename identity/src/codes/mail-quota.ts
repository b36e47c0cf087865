import { CognitoError } from '../errors';
import type { IdentityService } from '../service';

/** More mails than this to one address within an hour is abuse (mail bombing), not a lost code. */
const MAX_MAILS_PER_ADDRESS_PER_HOUR = 10;
const HOUR_MS = 3_600_000;

export const attemptLimitExceeded = () =>
  new CognitoError('LimitExceededException', 'Attempt limit exceeded, please try after some time.');

/**
 * Every request that may mail a code, counted per client address before anything depends on the
 * account (so known and unknown usernames meet the limit at the same request): one address
 * cannot send mail to many recipients, which the per-recipient limits alone allow.
 */
export async function recordMailRequest(service: IdentityService, source: string): Promise<void> {
  const now = service.options.now().getTime();
  const { requests } = await service.db
    .selectFrom('mail_requests')
    .select((eb) => eb.fn.countAll<number>().as('requests'))
    .where('source', '=', source)
    .where('requested_at', '>', now - HOUR_MS)
    .executeTakeFirstOrThrow();
  if (requests >= service.options.mailRequestsPerSourcePerHour) throw attemptLimitExceeded();
  await service.db.insertInto('mail_requests').values({ source, requested_at: now }).execute();
}

/**
 * For mail a signed-in user (or a sign-up) causes: counts what the outbox sent to the address.
 * Not for requests anyone can make about any username: the answer would depend on the account
 * (see `recordCodeRequest`).
 */
export async function assertMailQuota(service: IdentityService, address: string): Promise<void> {
  const since = service.options.now().getTime() - HOUR_MS;
  const { sent } = await service.db
    .selectFrom('outbox')
    .select((eb) => eb.fn.countAll<number>().as('sent'))
    .where('to_address', '=', address.toLowerCase())
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  if (sent >= MAX_MAILS_PER_ADDRESS_PER_HOUR) throw attemptLimitExceeded();
}
