import { describe, expect, it } from 'vitest';
import { Semaphore } from '../src/media/semaphore';

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
