/**
 * A worker process for the crash test: it runs every job slowly, reporting progress, until the
 * test kills it with SIGKILL (no shutdown hook, no release: the leases are simply abandoned).
 */
import { openDatabase } from '../../src/db/database';
import { leaseStoreFor } from '../../src/jobs/start-worker';
import { JobWorker, type JobContext } from '../../src/jobs/worker';
import { databaseOf } from '../support/job-db';

const [url] = process.argv.slice(2);
if (!url) throw new Error('usage: crash-child <DATABASE_URL>');
const database = databaseOf(url);

const slow = async (_job: unknown, { reportProgress, signal }: JobContext): Promise<never> => {
  for (let step = 1; !signal.aborted; step += 1) {
    reportProgress(Math.min(0.99, step / 100));
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw signal.reason;
};

const worker = new JobWorker({
  store: leaseStoreFor(openDatabase(database), database.kind),
  runners: { train: slow, generate: slow },
  limits: { train: 1, generate: 1 },
  log: console,
  leaseMs: 1000,
  heartbeatMs: 100,
  pollMs: 20,
  progressWriteMs: 0,
});
await worker.start();
