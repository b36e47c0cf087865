import type { Kysely } from 'kysely';
import type { DatabaseDialect } from '../db/database';
import type { Database } from '../db/schema';
import type { JobCompletions } from './completion';
import type { JobLeaseStore, KindLimits } from './lease-store';
import { PostgresLeaseStore } from './postgres-lease-store';
import { SqliteLeaseStore } from './sqlite-lease-store';
import { JobWorker, type JobRunners, type WorkerOptions } from './worker';

/**
 * The built-in engine on a 2-core machine: one training at a time (it uses both cores for tens
 * of seconds), generations, edits and photo checks beside it. Limits hold across every process on
 * the database.
 */
export const CPU_ENGINE_LIMITS: KindLimits = {
  train: 1,
  generate: 1,
  edit: 1,
  'check-photo': 1,
  'delete-account': 1,
  hd: 1,
};

/** The worker's side of the queue on the configured database. */
export function leaseStoreFor(
  db: Kysely<Database>,
  dialect: DatabaseDialect,
  completions: JobCompletions = {},
): JobLeaseStore {
  return dialect === 'postgres'
    ? new PostgresLeaseStore(db, completions)
    : new SqliteLeaseStore(db, completions);
}

/** What the worker needs of the process: its database, what each kind's end changes, a log. */
interface WorkerServices {
  db: Kysely<Database>;
  dialect: DatabaseDialect;
  completions: JobCompletions;
  log: WorkerOptions['log'];
}

/**
 * Starts a job worker: it claims the jobs the runners handle, and from its first moment
 * re-queues (or fails) jobs a previous process left running when it died. Its owner stops it,
 * which hands back what it was running.
 */
export async function startJobWorker(
  { db, dialect, completions, log }: WorkerServices,
  runners: JobRunners,
  limits: KindLimits = CPU_ENGINE_LIMITS,
  maxConcurrent?: number,
): Promise<JobWorker> {
  const worker = new JobWorker({
    store: leaseStoreFor(db, dialect, completions),
    runners,
    limits,
    log,
    ...(maxConcurrent === undefined ? {} : { maxConcurrent }),
  });
  await worker.start();
  return worker;
}
