import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * How long a terminal report is kept once nothing waits on it. A report is only read while its
 * job waits (at most the training timeout, plus retries); a week past that leaves time to look
 * into a job that went wrong.
 */
export const OUTCOME_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Deletes `replicate_outcomes` rows recorded more than a week ago unless a job that is still
 * unfinished, or finished within the week, carries that provider job. Reports no job carries
 * (another app's on the account, a job deleted since) go after the week too. Returns how many.
 */
export async function pruneReplicateOutcomes(
  db: Kysely<Database>,
  now = new Date(),
): Promise<number> {
  const before = new Date(now.getTime() - OUTCOME_RETENTION_MS).toISOString();
  const result = await db
    .deleteFrom('replicate_outcomes')
    .where('recorded_at', '<', before)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('provider_calls')
            .innerJoin('jobs', 'jobs.id', 'provider_calls.job_id')
            .select('jobs.id')
            .whereRef('provider_calls.provider_job_id', '=', 'replicate_outcomes.id')
            .where((job) =>
              job.or([job('jobs.finished_at', 'is', null), job('jobs.finished_at', '>=', before)]),
            ),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
