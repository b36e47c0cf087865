import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { JobKind } from '../../src/jobs/queue';
import { CLAIM_LIMITS, claimUntilEmpty } from '../support/claim-loop';
import { createJobDb, type JobDb } from '../support/job-db';
import { DIALECTS } from '../support/test-database';

const CHILD = fileURLToPath(new URL('./claim-child.ts', import.meta.url));
// tsx is the api's dependency: resolve it from the api package, whatever vitest's cwd.
const API_DIR = fileURLToPath(new URL('../..', import.meta.url));

/** A worker process on its own pool; `go()` starts its claims and answers what it claimed. */
async function startChildWorker(url: string, name: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, url, name], {
    cwd: API_DIR,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const ready = await lines.next();
  if (ready.value !== 'ready') throw new Error(`${name} did not start`);
  return {
    async go(): Promise<string[]> {
      child.stdin.write('go\n');
      const result = await lines.next();
      await once(child, 'exit');
      return JSON.parse(String(result.value)) as string[];
    },
  };
}

/**
 * Several workers with their own connections (pools in this process, and two other processes)
 * claim from one queue at once: no job is claimed twice, every job is done, and no snapshot of
 * the table ever shows more running jobs of a kind than its limit.
 */
describe.each(DIALECTS)('concurrent claims on %s', { timeout: 60_000 }, (dialect) => {
  let jobs: JobDb;
  beforeEach(async () => {
    jobs = await createJobDb(dialect);
  });
  afterEach(() => jobs.close());

  it('never claims a job twice nor exceeds a kind’s limit', async () => {
    const kinds: JobKind[] = ['train', 'generate', 'generate', 'edit', 'generate'];
    const ids = new Set<string>();
    for (let index = 0; index < 120; index += 1) {
      ids.add(await jobs.enqueue(kinds[index % kinds.length]!));
    }
    const children = await Promise.all(
      ['process-1', 'process-2'].map((name) => startChildWorker(jobs.url, name)),
    );

    const mostRunning: Record<string, number> = {};
    let watching = true;
    const watch = (async () => {
      while (watching) {
        const running = await jobs.db
          .selectFrom('jobs')
          .select(['kind', (eb) => eb.fn.countAll<number>().as('count')])
          .where('status', '=', 'running')
          .groupBy('kind')
          .execute();
        for (const { kind, count } of running) {
          mostRunning[kind] = Math.max(mostRunning[kind] ?? 0, count);
        }
        // better-sqlite3 answers synchronously: let the timers of the claimers here run too.
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();

    const pools = [1, 2, 3, 4].map(() => jobs.connect());
    const claimed = (
      await Promise.all([
        ...children.map((child) => child.go()),
        ...pools.map(({ db, store }, index) => claimUntilEmpty(db, store, `pool-${index}`)),
      ])
    ).flat();
    watching = false;
    await watch;

    expect(claimed).toHaveLength(ids.size);
    expect(new Set(claimed)).toEqual(ids);
    const rows = await jobs.db.selectFrom('jobs').select(['status', 'attempts']).execute();
    expect(rows.every((row) => row.status === 'succeeded' && row.attempts === 1)).toBe(true);
    for (const [kind, most] of Object.entries(mostRunning)) {
      expect(most).toBeLessThanOrEqual(CLAIM_LIMITS[kind as JobKind] ?? 0);
    }
    // The claimers did contend: more than one job ran at once.
    expect(Object.values(mostRunning).reduce((sum, most) => sum + most, 0)).toBeGreaterThan(1);
  });
});
