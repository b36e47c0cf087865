import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema';
import type { JobLeaseStore, KindLimits } from '../../src/jobs/lease-store';

/** What the concurrent-claims test gives every claimer, in this process or another. */
export const CLAIM_LIMITS: KindLimits = { train: 1, generate: 3, edit: 2 };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A worker in miniature: claims, holds the job a few milliseconds, completes it, until no job is
 * left queued. Answers the ids it claimed.
 */
export async function claimUntilEmpty(
  db: Kysely<Database>,
  store: JobLeaseStore,
  owner: string,
): Promise<string[]> {
  const claimed: string[] = [];
  for (;;) {
    const job = await store.claim({
      owner,
      leaseMs: 60_000,
      limits: CLAIM_LIMITS,
      now: new Date(),
    });
    if (job) {
      claimed.push(job.id);
      await sleep(Math.random() * 10);
      if (!(await store.succeed(job, owner, { output: [] }, new Date()))) {
        throw new Error(`${owner} lost the lease on ${job.id}`);
      }
      continue;
    }
    const { queued } = await db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<number>().as('queued'))
      .where('status', '=', 'queued')
      .executeTakeFirstOrThrow();
    if (queued === 0) return claimed;
    await sleep(2);
  }
}
