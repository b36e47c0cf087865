import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Job, JobKind, JobOutcome } from './queue';

/**
 * What the owner of a job kind's records does when a job of that kind ends, inside the
 * transaction that records the end: both change together or neither does. The queue and the
 * lease store write only `jobs`; the model service owns a training's model through these.
 */
export interface JobCompletion<K extends JobKind> {
  succeeded(db: Kysely<Database>, job: Job<K>, outcome: JobOutcome<K>, at: string): Promise<void>;
  /** Failed for good, or canceled; `reason` is the user-facing text. */
  ended(db: Kysely<Database>, job: Job<K>, reason: string, at: string): Promise<void>;
}

export type JobCompletions = { [K in JobKind]?: JobCompletion<K> };

export function completionOf(
  completions: JobCompletions,
  kind: JobKind,
): JobCompletion<JobKind> | undefined {
  return completions[kind] as JobCompletion<JobKind> | undefined;
}
