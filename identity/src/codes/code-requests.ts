import type { IdentityService } from '../service';
import { attemptLimitExceeded } from './mail-quota';

const MAX_REQUESTS_PER_SUBJECT_PER_HOUR = 10;
const HOUR_MS = 3_600_000;

/**
 * ForgotPassword and ResendConfirmationCode, which anyone may call with any username: the
 * requests are counted per subject whether or not an account stands behind it, so
 * LimitExceededException comes at the same request for a real address and an unknown one.
 */
export async function recordCodeRequest(service: IdentityService, subject: string): Promise<void> {
  const now = service.options.now().getTime();
  const { requests } = await service.db
    .selectFrom('code_requests')
    .select((eb) => eb.fn.countAll<number>().as('requests'))
    .where('subject', '=', subject)
    .where('requested_at', '>', now - HOUR_MS)
    .executeTakeFirstOrThrow();
  if (requests >= MAX_REQUESTS_PER_SUBJECT_PER_HOUR) throw attemptLimitExceeded();
  await service.db.insertInto('code_requests').values({ subject, requested_at: now }).execute();
}
