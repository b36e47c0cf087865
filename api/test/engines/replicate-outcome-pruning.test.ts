import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OUTCOME_RETENTION_MS,
  pruneReplicateOutcomes,
} from '../../src/engines/replicate/outcome-pruning';
import { outputPrefix } from '../../src/engines/cog/cog-service';
import type { JobStatus } from '../../src/jobs/queue';
import { userIdOf } from '../support/fixtures';
import { newUser, startStudio, type Studio } from '../support/studio';
import { DIALECTS } from '../support/test-database';

const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(DIALECTS)('pruning replicate_outcomes on %s', { timeout: 30_000 }, (dialect) => {
  let studio: Studio;
  beforeAll(async () => {
    studio = await startStudio({}, dialect);
  });
  afterAll(() => studio.stop());

  it('removes reports a week after their job finished, and reports no job carries', async () => {
    const { db, jobs } = studio.running.app;
    const userId = await userIdOf(studio, newUser('Outcome Pruning'));
    const now = new Date('2030-06-01T12:00:00.000Z');
    const ago = (days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();

    const outcome = (id: string, recordedDaysAgo: number) =>
      db
        .insertInto('replicate_outcomes')
        .values({
          id,
          status: 'succeeded',
          body: JSON.stringify({ id }),
          recorded_at: ago(recordedDaysAgo),
        })
        .execute();
    const jobOf = async (
      providerJobIds: string | string[],
      status: JobStatus,
      finishedDaysAgo: number | null,
    ) => {
      const job = await jobs.enqueue({
        userId,
        kind: 'generate',
        input: { prompt: 'portrait', aspectRatio: '1:1', modelIds: [] },
      });
      await db
        .updateTable('jobs')
        .set({
          status,
          finished_at: finishedDaysAgo === null ? null : ago(finishedDaysAgo),
        })
        .where('id', '=', job.id)
        .execute();
      // One call per prompt of a pack run.
      const calls = [providerJobIds].flat();
      await db
        .insertInto('provider_calls')
        .values(calls.map((id, part) => ({ job_id: job.id, part, provider_job_id: id })))
        .execute();
    };

    await outcome('finished-long-ago', 9);
    await jobOf('finished-long-ago', 'succeeded', 8);
    await outcome('canceled-long-ago', 9);
    await jobOf('canceled-long-ago', 'canceled', 8);
    await outcome('finished-lately', 9);
    await jobOf('finished-lately', 'failed', 6);
    // Waiting for a retry: the report is still to be read.
    await outcome('still-waiting', 9);
    await jobOf('still-waiting', 'queued', null);
    // A pack run's later call is the job's as much as its first.
    await outcome('pack-first-call', 9);
    await outcome('pack-second-call', 9);
    await jobOf(['pack-first-call', 'pack-second-call'], 'running', null);
    await outcome('nobody-old', 8);
    await outcome('nobody-recent', 6);

    // Files a Cog webhook kept beside two reports: they go with their report, not before.
    const { storage } = studio.running.app;
    for (const id of ['finished-long-ago', 'finished-lately']) {
      await storage.put(`${outputPrefix(id)}0`, Buffer.from('png'), 'image/png');
    }

    expect(await pruneReplicateOutcomes(db, now, storage)).toBe(3);
    expect(await storage.head(`${outputPrefix('finished-long-ago')}0`)).toBeUndefined();
    expect(await storage.head(`${outputPrefix('finished-lately')}0`)).toBeDefined();
    const left = await db.selectFrom('replicate_outcomes').select('id').orderBy('id').execute();
    expect(left.map((row) => row.id)).toEqual([
      'finished-lately',
      'nobody-recent',
      'pack-first-call',
      'pack-second-call',
      'still-waiting',
    ]);
    expect(await pruneReplicateOutcomes(db, now)).toBe(0);

    // A week on from their job's end (or their recording), the rest go too, but the waiting ones.
    const later = new Date(now.getTime() + OUTCOME_RETENTION_MS);
    expect(await pruneReplicateOutcomes(db, later)).toBe(2);
    const kept = await db.selectFrom('replicate_outcomes').select('id').orderBy('id').execute();
    expect(kept.map((row) => row.id)).toEqual([
      'pack-first-call',
      'pack-second-call',
      'still-waiting',
    ]);
  });
});
