import { CognitoError } from '../errors';
import type { IdentityService } from '../service';

/** More mails than this to one address within an hour is abuse (mail bombing), not a lost code. */
const MAX_MAILS_PER_ADDRESS_PER_HOUR = 10;

export const attemptLimitExceeded = () =>
  new CognitoError('LimitExceededException', 'Attempt limit exceeded, please try after some time.');

/**
 * For mail a signed-in user (or a sign-up) causes: counts what the outbox sent to the address.
 * Not for requests anyone can make about any username: the answer would depend on the account
 * (see `recordCodeRequest`).
 */
export async function assertMailQuota(service: IdentityService, address: string): Promise<void> {
  const since = service.options.now().getTime() - 3_600_000;
  const { sent } = await service.db
    .selectFrom('outbox')
    .select((eb) => eb.fn.countAll<number>().as('sent'))
    .where('to_address', '=', address.toLowerCase())
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  if (sent >= MAX_MAILS_PER_ADDRESS_PER_HOUR) throw attemptLimitExceeded();
}
