import { CognitoError } from '../errors';
import type { IdentityService } from '../service';
import { updateUser } from '../users/user-store';
import type { UserRow } from '../users/user-row';

/** Cognito's lockout: five free misses, then a lock that starts at 1 s and doubles up to 15 min. */
const FREE_FAILURES = 5;
const MAX_LOCK_MS = 15 * 60_000;
/** Attempts made while locked beyond this many answer LimitExceededException instead. */
const LOCKED_ATTEMPTS_BEFORE_LIMIT = 3;

export const incorrectCredentials = () =>
  new CognitoError('NotAuthorizedException', 'Incorrect username or password.');

/** Refuses a sign-in while the account is locked, without looking at the password. */
export async function assertNotLocked(service: IdentityService, user: UserRow): Promise<void> {
  const now = service.options.now().getTime();
  if (user.locked_until === null || user.locked_until <= now) return;
  const attempts = user.failed_sign_ins + 1;
  await updateUser(service.db, user.id, { failed_sign_ins: attempts }, service.options.now());
  if (attempts > FREE_FAILURES + LOCKED_ATTEMPTS_BEFORE_LIMIT) {
    throw new CognitoError(
      'LimitExceededException',
      'Attempt limit exceeded, please try after some time.',
    );
  }
  throw new CognitoError('NotAuthorizedException', 'Password attempts exceeded');
}

export async function recordFailedPassword(
  service: IdentityService,
  user: UserRow,
): Promise<never> {
  const now = service.options.now();
  const failures = user.failed_sign_ins + 1;
  const lockMs =
    failures >= FREE_FAILURES ? Math.min(1000 * 2 ** (failures - FREE_FAILURES), MAX_LOCK_MS) : 0;
  await updateUser(
    service.db,
    user.id,
    { failed_sign_ins: failures, locked_until: lockMs > 0 ? now.getTime() + lockMs : null },
    now,
  );
  throw incorrectCredentials();
}

export async function recordCorrectPassword(
  service: IdentityService,
  user: UserRow,
): Promise<void> {
  if (user.failed_sign_ins === 0 && user.locked_until === null) return;
  await updateUser(
    service.db,
    user.id,
    { failed_sign_ins: 0, locked_until: null },
    service.options.now(),
  );
}
