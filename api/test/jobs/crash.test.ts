import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { INTERRUPTED_FAILURE } from '../../src/jobs/job-failures';
import { JobWorker } from '../../src/jobs/worker';
import { createJobDb, type JobDb } from '../support/job-db';
import { DIALECTS } from '../support/test-database';

const CHILD = fileURLToPath(new URL('./crash-child.ts', import.meta.url));
// tsx is the api's dependency: resolve it from the api package, whatever vitest's cwd.
const API_DIR = fileURLToPath(new URL('../..', import.meta.url));
const silent = { warn: () => undefined, error: () => undefined };

async function until(check: () => Promise<boolean>, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** kill -9 of a worker process in the middle of a training and a generation, then a restart. */
describe.each(DIALECTS)('crash safety on %s', { timeout: 30_000 }, (dialect) => {
  let jobs: JobDb;
  let child: ChildProcess | undefined;
  let worker: JobWorker | undefined;
  beforeEach(async () => {
    jobs = await createJobDb(dialect);
  });
  afterEach(async () => {
    child?.kill('SIGKILL');
    await worker?.stop();
    await jobs.close();
  });

  async function killMidway(ids: string[]): Promise<void> {
    child = spawn(process.execPath, ['--import', 'tsx', CHILD, jobs.url], {
      cwd: API_DIR,
      stdio: 'ignore',
    });
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    await until(async () => {
      const rows = await Promise.all(ids.map((id) => jobs.row(id)));
      return rows.every((row) => row.status === 'running' && (row.progress ?? 0) > 0.05);
    });
    child.kill('SIGKILL');
    await exited;
    for (const id of ids) expect((await jobs.row(id)).status).toBe('running');
  }

  function restart(maxAttempts: number) {
    worker = new JobWorker({
      store: jobs.store,
      runners: {
        train: async () => ({ output: [] }),
        generate: async () => ({ output: ['generated-1'] }),
      },
      limits: { train: 1, generate: 1 },
      log: silent,
      maxAttempts,
      backoffBaseMs: 10,
      sweepMs: 100,
      pollMs: 10,
    });
    return worker.start();
  }

  it('resumes the interrupted jobs once their leases expire', async () => {
    const training = await jobs.enqueue('train');
    const generation = await jobs.enqueue('generate');
    await killMidway([training, generation]);

    await restart(3);
    await until(async () => (await jobs.row(training)).status === 'succeeded');
    await until(async () => (await jobs.row(generation)).status === 'succeeded');
    expect(await jobs.row(training)).toMatchObject({ attempts: 2, lease_owner: null });
    expect(await jobs.modelOf(training)).toEqual({ status: 'ready', failure_reason: null });
    expect((await jobs.row(generation)).output).toBe('["generated-1"]');
  });

  it('fails them with a reason when their attempts are used up', async () => {
    const training = await jobs.enqueue('train');
    const generation = await jobs.enqueue('generate');
    await killMidway([training, generation]);

    await restart(1);
    await until(async () => (await jobs.row(training)).status === 'failed');
    await until(async () => (await jobs.row(generation)).status === 'failed');
    expect((await jobs.row(generation)).error).toBe(INTERRUPTED_FAILURE);
    expect(await jobs.modelOf(training)).toEqual({
      status: 'failed',
      failure_reason: INTERRUPTED_FAILURE,
    });
  });
});
