/**
 * A failure worth another attempt: a provider's 5xx or rate limit, a timeout, a network error.
 * The worker retries it with exponential backoff until the job's attempts are used up.
 */
export class TransientJobError extends Error {
  override readonly name = 'TransientJobError';
}

/** A failure with a message meant for the user (shown as the job's error or model's reason). */
export class JobFailure extends Error {
  override readonly name = 'JobFailure';
}

/** Shown when a job dies of something unexpected; the details go to the log, not the user. */
export const UNEXPECTED_FAILURE = 'Something went wrong while processing this job.';

/** Shown when a job kept losing its worker (crash, kill, hang) until its attempts ran out. */
export const INTERRUPTED_FAILURE =
  'The job was interrupted too many times (the server stopped while it ran).';

/** Shown on a training the user canceled. */
export const CANCELED_FAILURE = 'Training was canceled.';

/** Exponential backoff: base, 2x base, 4x base ... capped. Attempt 1 is the first run. */
export function backoffMs(attempts: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
}
