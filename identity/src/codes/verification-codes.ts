import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { CodePurpose } from '../db/schema';
import { CognitoError } from '../errors';
import type { IdentityService } from '../service';

const HOUR_MS = 3_600_000;

/** Cognito's lifetimes: sign-up and attribute codes 24 h, reset codes 1 h, e-mail OTP 5 min. */
const LIFETIME_MS: Record<CodePurpose, number> = {
  sign_up: 24 * HOUR_MS,
  verify_email: 24 * HOUR_MS,
  reset_password: HOUR_MS,
  email_mfa: 5 * 60_000,
};

/** Six digits is 10^6 guesses; dropping the code after a few misses keeps guessing hopeless. */
const MAX_FAILED_ATTEMPTS = 5;

const hash = (code: string) => createHash('sha256').update(code, 'utf8').digest('hex');

/**
 * Makes a fresh code (replacing any earlier one of the same purpose) and returns it. `subject` is
 * a user's id, or an unknown username's decoy id: such a code goes nowhere, but answers to
 * guesses at it are those a real user's code gives.
 */
export async function issueCode(
  service: IdentityService,
  subject: string,
  purpose: CodePurpose,
): Promise<string> {
  const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
  const row = {
    subject,
    purpose,
    code_hash: hash(code),
    expires_at: service.options.now().getTime() + LIFETIME_MS[purpose],
    failed_attempts: 0,
  };
  await service.db
    .insertInto('codes')
    .values(row)
    .onConflict((conflict) =>
      conflict.columns(['subject', 'purpose']).doUpdateSet({
        code_hash: row.code_hash,
        expires_at: row.expires_at,
        failed_attempts: 0,
      }),
    )
    .execute();
  return code;
}

export const codeMismatch = () =>
  new CognitoError(
    'CodeMismatchException',
    'Invalid verification code provided, please try again.',
  );
const expiredCode = () =>
  new CognitoError('ExpiredCodeException', 'Invalid code provided, please request a code again.');

/** Accepts the code once: a match deletes it, so a second use finds nothing. */
export async function consumeCode(
  service: IdentityService,
  subject: string,
  purpose: CodePurpose,
  code: string,
  mismatch: () => CognitoError = codeMismatch,
): Promise<void> {
  const { db } = service;
  const stored = await db
    .selectFrom('codes')
    .selectAll()
    .where('subject', '=', subject)
    .where('purpose', '=', purpose)
    .executeTakeFirst();
  const remove = () =>
    db.deleteFrom('codes').where('subject', '=', subject).where('purpose', '=', purpose).execute();
  if (stored === undefined) throw expiredCode();
  if (stored.expires_at <= service.options.now().getTime()) {
    await remove();
    throw expiredCode();
  }
  const given = Buffer.from(hash(code), 'hex');
  if (!timingSafeEqual(given, Buffer.from(stored.code_hash, 'hex'))) {
    if (stored.failed_attempts + 1 >= MAX_FAILED_ATTEMPTS) {
      await remove();
    } else {
      await db
        .updateTable('codes')
        .set({ failed_attempts: stored.failed_attempts + 1 })
        .where('subject', '=', subject)
        .where('purpose', '=', purpose)
        .execute();
    }
    throw mismatch();
  }
  await remove();
}
