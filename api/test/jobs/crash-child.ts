/**
 * A worker process for the crash test: it runs every job slowly, reporting progress, until the
 * test kills it with SIGKILL (no shutdown hook, no release: the leases are simply abandoned).
 */
import { SqliteLeaseStore } from '../../src/jobs/sqlite-lease-store';
import { JobWorker, type JobRunner } from '../../src/jobs/worker';
import { openJobDb } from '../support/job-db';

const [file] = process.argv.slice(2);
if (!file) throw new Error('usage: crash-child <sqlite file>');

const slow: JobRunner = async (_job, { reportProgress, signal }) => {
  for (let step = 1; !signal.aborted; step += 1) {
    reportProgress(Math.min(0.99, step / 100));
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw signal.reason;
};

const worker = new JobWorker({
  store: new SqliteLeaseStore(openJobDb(file)),
  runners: { train: slow, generate: slow },
  limits: { train: 1, generate: 1 },
  log: console,
  leaseMs: 1000,
  heartbeatMs: 100,
  pollMs: 20,
  progressWriteMs: 0,
});
await worker.start();
