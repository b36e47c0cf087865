import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JobFailure, TransientJobError, UNEXPECTED_FAILURE } from '../../src/jobs/job-failures';
import type { JobKind } from '../../src/jobs/queue';
import { estimateSecondsLeft, JobWorker, type JobRunners } from '../../src/jobs/worker';
import { createJobDb, type JobDb } from '../support/job-db';
import { DIALECTS } from '../support/test-database';

const silent = { warn: () => undefined, error: () => undefined };
const FAST = { leaseMs: 400, heartbeatMs: 50, pollMs: 10, sweepMs: 100, progressWriteMs: 0 };

async function until<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  ms = 5000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out; last value ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe.each(DIALECTS)('JobWorker on %s', (dialect) => {
  let jobs: JobDb;
  let worker: JobWorker | undefined;
  beforeEach(async () => {
    jobs = await createJobDb(dialect);
  });
  afterEach(async () => {
    await worker?.stop();
    worker = undefined;
    await jobs.close();
  });

  async function startWorker(
    runners: JobRunners,
    options: Partial<ConstructorParameters<typeof JobWorker>[0]> = {},
  ) {
    worker = new JobWorker({
      store: jobs.store,
      runners,
      limits: { train: 1, generate: 2, edit: 2 },
      log: silent,
      backoffBaseMs: 50,
      ...FAST,
      ...options,
    });
    await worker.start();
    return worker;
  }
  const settled = (id: string) =>
    until(
      () => jobs.row(id),
      (row) => !['queued', 'running'].includes(row.status),
    );

  it('runs a job, writes progress with an ETA while it runs, and records the output', async () => {
    const id = await jobs.enqueue('generate');
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await startWorker({
      generate: async (_job, { reportProgress }) => {
        await new Promise((resolve) => setTimeout(resolve, 100));
        reportProgress(0.5);
        await gate;
        return { output: ['media-1'] };
      },
    });
    const running = await until(
      () => jobs.row(id),
      (row) => row.progress === 0.5,
    );
    expect(running.status).toBe('running');
    expect(running.eta_seconds).toBe(0);
    release();
    expect(await settled(id)).toMatchObject({
      status: 'succeeded',
      output: '["media-1"]',
      progress: 1,
      lease_owner: null,
    });
  });

  it('marks the model of a training ready, or failed with the engine’s reason', async () => {
    const ok = await jobs.enqueue('train');
    const bad = await jobs.enqueue('train');
    await startWorker({
      train: async (job) => {
        if (job.id === bad) throw new JobFailure('No face found in 3 of the photos.');
        return { output: [] };
      },
    });
    await settled(bad);
    expect(await jobs.modelOf(ok)).toEqual({ status: 'ready', failure_reason: null });
    expect(await jobs.modelOf(bad)).toEqual({
      status: 'failed',
      failure_reason: 'No face found in 3 of the photos.',
    });
  });

  it('hides unexpected errors from the user', async () => {
    const id = await jobs.enqueue('generate');
    await startWorker({
      generate: () => Promise.reject(new Error('ENOMEM at tensor 7')),
    });
    expect(await settled(id)).toMatchObject({ status: 'failed', error: UNEXPECTED_FAILURE });
  });

  it('retries transient errors with exponential backoff, then gives up', async () => {
    const flaky = await jobs.enqueue('generate');
    // The worker's clock: each backoff passes when the test moves it, not by waiting.
    let clock = Date.now();
    await startWorker(
      {
        generate: async () => {
          throw new TransientJobError('The engine is busy; try again later.');
        },
      },
      { backoffBaseMs: 60_000, maxAttempts: 3, now: () => new Date(clock) },
    );
    const queuedAfter = (attempts: number) =>
      until(
        () => jobs.row(flaky),
        (row) => row.status === 'queued' && row.attempts === attempts,
      );
    expect(Date.parse((await queuedAfter(1)).run_after)).toBe(clock + 60_000);
    clock += 60_000;
    expect(Date.parse((await queuedAfter(2)).run_after)).toBe(clock + 120_000);
    clock += 120_000;
    expect(await settled(flaky)).toMatchObject({
      status: 'failed',
      attempts: 3,
      error: 'The engine is busy; try again later.',
    });
  });

  it('succeeds on a later attempt after a transient error', async () => {
    const id = await jobs.enqueue('generate');
    let calls = 0;
    await startWorker({
      generate: async () => {
        calls += 1;
        if (calls === 1) throw new TransientJobError('timeout');
        return { output: ['m'] };
      },
    });
    expect(await settled(id)).toMatchObject({ status: 'succeeded', attempts: 2, error: null });
  });

  it('never runs two trainings at once, but runs a generation beside one', async () => {
    const trainings = [await jobs.enqueue('train'), await jobs.enqueue('train')];
    const generation = await jobs.enqueue('generate');
    const active = new Set<JobKind>();
    let overlap = false;
    let generationBesideTraining = false;
    const track = (kind: JobKind, ms: number) => async () => {
      if (kind === 'train' && active.has('train')) overlap = true;
      if (kind === 'generate' && active.has('train')) generationBesideTraining = true;
      active.add(kind);
      await new Promise((resolve) => setTimeout(resolve, ms));
      active.delete(kind);
      return { output: [] };
    };
    await startWorker(
      { train: track('train', 200), generate: track('generate', 50) },
      { maxConcurrent: 4 },
    );
    await Promise.all([...trainings, generation].map(settled));
    expect(overlap).toBe(false);
    expect(generationBesideTraining).toBe(true);
  });

  it('aborts a canceled job at its next heartbeat and keeps it canceled', async () => {
    const id = await jobs.enqueue('train');
    let aborted = false;
    const running = await startWorker({
      train: (_job, { signal }) =>
        new Promise((_resolve, reject) => {
          signal.addEventListener('abort', () => {
            aborted = true;
            reject(signal.reason as Error);
          });
        }),
    });
    await until(
      () => jobs.row(id),
      (row) => row.status === 'running',
    );
    await jobs.queue.cancel(jobs.userId, id, new Date());
    await until(async () => aborted, Boolean);
    // Stopping waits for the aborted run to finish writing, which must not undo the cancel.
    await running.stop();
    expect((await jobs.row(id)).status).toBe('canceled');
    expect((await jobs.modelOf(id)).status).toBe('failed');
  });

  it('keeps heartbeating after a failed heartbeat write', async () => {
    const id = await jobs.enqueue('generate');
    let failures = 0;
    const store = Object.create(jobs.store) as typeof jobs.store;
    store.heartbeat = (...args) => {
      if (failures === 0) {
        failures += 1;
        return Promise.reject(new Error('database is locked'));
      }
      return jobs.store.heartbeat(...args);
    };
    await startWorker(
      {
        generate: async (_job, { reportProgress }) => {
          reportProgress(0.2);
          await new Promise((resolve) => setTimeout(resolve, 150));
          reportProgress(0.7);
          await until(
            () => jobs.row(id),
            (row) => row.progress === 0.7,
          );
          return { output: [] };
        },
      },
      { store },
    );
    expect(await settled(id)).toMatchObject({ status: 'succeeded' });
    expect(failures).toBe(1);
  });

  it('hands running jobs back to the queue on stop without spending an attempt', async () => {
    const id = await jobs.enqueue('generate');
    const running = await startWorker({
      generate: (_job, { signal }) =>
        new Promise((_resolve, reject) =>
          signal.addEventListener('abort', () => reject(signal.reason as Error)),
        ),
    });
    await until(
      () => jobs.row(id),
      (row) => row.status === 'running',
    );
    await running.stop();
    expect(await jobs.row(id)).toMatchObject({ status: 'queued', attempts: 0, lease_owner: null });
  });
});

describe('estimateSecondsLeft', () => {
  it('extrapolates linearly and is unknown before any progress', () => {
    expect(estimateSecondsLeft(10_000, 0.25)).toBe(30);
    expect(estimateSecondsLeft(10_000, 0)).toBeNull();
  });
});
