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

/** Shown while a job waits for its next attempt after its worker lost it. */
export const INTERRUPTED_RETRYING = 'Interrupted; retrying.';

/** Shown on a training the user canceled. */
export const CANCELED_FAILURE = 'Training was canceled.';

/** A provider's training failed or could not be started; the details go to the log. */
export const TRAINING_FAILED =
  'Training failed at the image service. Please try again, perhaps with other photos.';

/** A provider's training ran past its configured limit and was stopped. */
export const TRAINING_TIMED_OUT = 'Training took too long and was stopped. Please try again.';

/** Between retries of a provider that is down or rate-limiting. */
export const SERVICE_UNAVAILABLE = 'The image service is not reachable right now; retrying.';

/** A model marked as trained by a provider, without the version that provider returned. */
export const NOT_TRAINED_HERE = 'This model has no trained version; train it again.';

/** Exponential backoff: base, 2x base, 4x base ... capped. Attempt 1 is the first run. */
export function backoffMs(attempts: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
}
