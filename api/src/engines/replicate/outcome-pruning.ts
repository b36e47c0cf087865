import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Storage } from '../../storage/storage';
import { outputPrefix } from '../cog/cog-service';

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
  /** With Cog configured: removes the output files its webhooks stored beside each report. */
  storage?: Pick<Storage, 'deletePrefix'>,
): Promise<number> {
  const before = new Date(now.getTime() - OUTCOME_RETENTION_MS).toISOString();
  const stale = await db
    .selectFrom('replicate_outcomes')
    .select('id')
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
    .execute();
  for (const { id } of stale) {
    // Files first: a report whose files are gone is never read, files without a report would be.
    await storage?.deletePrefix(outputPrefix(id));
    await db.deleteFrom('replicate_outcomes').where('id', '=', id).execute();
  }
  return stale.length;
}
