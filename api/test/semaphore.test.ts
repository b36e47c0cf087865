import { describe, expect, it, vi } from 'vitest';
import { Semaphore, SemaphoreWaitExceeded } from '../src/media/semaphore';

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('Semaphore', () => {
  it('lets `limit` jobs run at once and the rest in arrival order, also after a failure', async () => {
    const semaphore = new Semaphore(2);
    const jobs = Array.from({ length: 5 }, deferred);
    const started: number[] = [];
    const results = jobs.map((job, index) =>
      semaphore
        .run(async () => {
          started.push(index);
          await job.promise;
          return index;
        })
        .catch((error: Error) => error.message),
    );
    await tick();
    expect(started).toEqual([0, 1]);
    jobs[1]!.reject(new Error('broken photo'));
    await tick();
    expect(started).toEqual([0, 1, 2]);
    jobs[0]!.resolve();
    await tick();
    expect(started).toEqual([0, 1, 2, 3]);
    for (const job of jobs) job.resolve();
    expect(await Promise.all(results)).toEqual([0, 'broken photo', 2, 3, 4]);
    // Every slot came back: two run at once again.
    const again = [deferred(), deferred()];
    const running: number[] = [];
    const both = again.map((job, index) =>
      semaphore.run(async () => {
        running.push(index);
        await job.promise;
      }),
    );
    await tick();
    expect(running).toEqual([0, 1]);
    for (const job of again) job.resolve();
    await Promise.all(both);
  });
});

describe('Semaphore with a bounded wait', () => {
  it('sends a caller away after maxWaitMs, and its place goes to the next in line', async () => {
    vi.useFakeTimers();
    try {
      const semaphore = new Semaphore(1);
      const holder = deferred();
      const first = semaphore.run(() => holder.promise);
      const started: string[] = [];
      const patient = semaphore.run(async () => {
        started.push('patient');
      });
      const hurried = semaphore
        .run(
          async () => {
            started.push('hurried');
          },
          { maxWaitMs: 10_000 },
        )
        .catch((error: unknown) => error);
      const late = semaphore.run(
        async () => {
          started.push('late');
        },
        { maxWaitMs: 60_000 },
      );
      await vi.advanceTimersByTimeAsync(10_000);
      const refused = await hurried;
      expect(refused).toBeInstanceOf(SemaphoreWaitExceeded);
      expect(started).toEqual([]);
      holder.resolve();
      await Promise.all([first, patient, late]);
      expect(started).toEqual(['patient', 'late']);
    } finally {
      vi.useRealTimers();
    }
  });
});
