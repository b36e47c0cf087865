import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { INTERRUPTED_FAILURE, CANCELED_FAILURE } from '../../src/jobs/job-failures';
import type { KindLimits } from '../../src/jobs/lease-store';
import { createJobDb, type JobDb } from '../support/job-db';
import { DIALECTS } from '../support/test-database';

const LEASE = 30_000;
const later = (ms: number) => new Date(Date.now() + ms);
const policy = (maxAttempts: number) => ({
  maxAttempts,
  retryAt: (attempts: number, now: Date) => new Date(now.getTime() + 1000 * attempts),
});

describe.each(DIALECTS)('lease store on %s', (dialect) => {
  let jobs: JobDb;
  beforeEach(async () => {
    jobs = await createJobDb(dialect);
  });
  afterEach(() => jobs.close());

  const claim = (owner = 'a', limits: KindLimits = { train: 1, generate: 2 }, now = new Date()) =>
    jobs.store.claim({ owner, leaseMs: LEASE, limits, now });

  it('claims the oldest runnable job under a lease and counts the attempt', async () => {
    const first = await jobs.enqueue('generate');
    const second = await jobs.enqueue('generate');
    const claimed = await claim('a');
    expect(claimed).toMatchObject({ id: first, status: 'running', attempts: 1 });
    const row = await jobs.row(first);
    expect(row.lease_owner).toBe('a');
    expect(Date.parse(row.lease_expires_at ?? '')).toBeGreaterThan(Date.now() + LEASE - 5000);
    expect((await claim('b'))?.id).toBe(second);
    expect(await claim('c')).toBeUndefined();
  });

  it('takes turns across users: fewest running first, then the one that waited longest', async () => {
    const busy = jobs.userId;
    const queued = [];
    for (let i = 0; i < 5; i += 1) queued.push(await jobs.enqueue('generate', busy));
    const other = await jobs.addUser();
    const late = await jobs.enqueue('generate', other);
    const third = await jobs.addUser();
    const later = await jobs.enqueue('generate', third);

    // Nobody runs anything: the oldest job goes first.
    const first = await claim('a', { generate: 1 });
    expect(first?.id).toBe(queued[0]);
    // While it runs, a second slot goes to a user with nothing running, however new the job.
    expect((await claim('b', { generate: 2 }))?.id).toBe(late);
    await jobs.store.succeed(first!, 'a', { output: [] }, new Date());
    // The busy user had the last turn before the other two: the third user's job is next,
    // though four of the busy user's are older.
    expect((await claim('c', { generate: 2 }))?.id).toBe(later);
  });

  it('never hands one job to two workers on separate connections', async () => {
    const ids = await Promise.all([1, 2, 3].map(() => jobs.enqueue('generate')));
    const other = jobs.connect().store;
    const limits = { generate: 10 };
    const claims = await Promise.all(
      [0, 1, 2, 3, 4, 5].map((index) =>
        (index % 2 ? other : jobs.store).claim({
          owner: `w${index}`,
          leaseMs: LEASE,
          limits,
          now: new Date(),
        }),
      ),
    );
    const claimed = claims.flatMap((job) => (job ? [job.id] : []));
    expect(claimed.sort()).toEqual([...ids].sort());
  });

  it('keeps to the per-kind limits across workers (one training at a time)', async () => {
    const firstTraining = await jobs.enqueue('train');
    await jobs.enqueue('train');
    const generation = await jobs.enqueue('generate');
    expect((await claim('a'))?.id).toBe(firstTraining);
    // The second training waits although it is older than the generation.
    expect((await claim('b'))?.id).toBe(generation);
    expect(await claim('c')).toBeUndefined();
    // A kind this worker has no limit for is never claimed.
    const onlyEdits = await jobs.store.claim({
      owner: 'd',
      leaseMs: LEASE,
      limits: { edit: 1 },
      now: new Date(),
    });
    expect(onlyEdits).toBeUndefined();
  });

  it('does not claim a job before its run_after', async () => {
    const id = await jobs.enqueue('generate');
    const job = await claim('a');
    await jobs.store.retryLater(job!, 'a', 'provider busy', later(60_000), new Date());
    expect(await claim('a')).toBeUndefined();
    expect((await claim('a', undefined, later(61_000)))?.id).toBe(id);
  });

  it('extends the lease and records progress on heartbeat, only for the owner', async () => {
    const id = await jobs.enqueue('train');
    await claim('a');
    const before = (await jobs.row(id)).lease_expires_at!;
    const report = { progress: 0.25, etaSeconds: 42 };
    expect(await jobs.store.heartbeat(id, 'a', LEASE, later(10_000), report)).toBe(true);
    const row = await jobs.row(id);
    expect(row.lease_expires_at! > before).toBe(true);
    expect([row.progress, row.eta_seconds]).toEqual([0.25, 42]);
    expect(await jobs.store.heartbeat(id, 'intruder', LEASE, new Date())).toBe(false);
  });

  it('marks a training and its model ready or failed together, guarded by the lease', async () => {
    const done = await jobs.enqueue('train');
    const job = (await claim('a'))!;
    expect(await jobs.store.succeed(job, 'other', { output: [] }, new Date())).toBe(false);
    expect(await jobs.store.succeed(job, 'a', { output: [] }, new Date())).toBe(true);
    expect((await jobs.row(done)).status).toBe('succeeded');
    expect(await jobs.modelOf(done)).toEqual({ status: 'ready', failure_reason: null });

    const broken = await jobs.enqueue('train');
    const second = (await claim('a'))!;
    await jobs.store.fail(second, 'a', 'No face found in 3 photos', new Date());
    expect(await jobs.row(broken)).toMatchObject({
      status: 'failed',
      error: 'No face found in 3 photos',
    });
    expect(await jobs.modelOf(broken)).toEqual({
      status: 'failed',
      failure_reason: 'No face found in 3 photos',
    });
  });

  it('cancels a queued or running job of its owner only', async () => {
    const id = await jobs.enqueue('train');
    const job = (await claim('a'))!;
    expect(await jobs.queue.cancel('someone-else', id, new Date())).toBeUndefined();
    expect((await jobs.queue.cancel(jobs.userId, id, new Date()))?.status).toBe('canceled');
    expect(await jobs.modelOf(id)).toEqual({ status: 'failed', failure_reason: CANCELED_FAILURE });
    // The worker learns it at its next heartbeat, and its late result is ignored.
    expect(await jobs.store.heartbeat(id, 'a', LEASE, new Date())).toBe(false);
    expect(await jobs.store.succeed(job, 'a', { output: [] }, new Date())).toBe(false);
    expect((await jobs.row(id)).status).toBe('canceled');
  });

  it('re-queues expired leases with backoff, and fails them once attempts are used up', async () => {
    const retried = await jobs.enqueue('generate');
    const exhausted = await jobs.enqueue('train');
    await claim('dead-1', { train: 1, generate: 1 });
    await claim('dead-2', { train: 1, generate: 1 });
    const fresh = await jobs.enqueue('generate');
    await claim('alive', { train: 1, generate: 2 });
    await jobs.db.updateTable('jobs').set({ attempts: 3 }).where('id', '=', exhausted).execute();

    const now = later(LEASE + 1000);
    await jobs.store.heartbeat(fresh, 'alive', LEASE, now);
    const result = await jobs.store.recoverExpired(now, policy(3));
    expect(result).toEqual({ requeued: [retried], failed: [exhausted] });

    const requeued = await jobs.row(retried);
    expect(requeued).toMatchObject({ status: 'queued', lease_owner: null, attempts: 1 });
    expect(requeued.run_after).toBe(new Date(now.getTime() + 1000).toISOString());
    expect(await jobs.row(exhausted)).toMatchObject({
      status: 'failed',
      error: INTERRUPTED_FAILURE,
    });
    expect(await jobs.modelOf(exhausted)).toEqual({
      status: 'failed',
      failure_reason: INTERRUPTED_FAILURE,
    });
    expect((await jobs.row(fresh)).status).toBe('running');
  });
});
