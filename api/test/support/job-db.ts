import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Kysely, Selectable } from 'kysely';
import { loadConfig, type DatabaseConfig } from '../../src/config';
import { openDatabase } from '../../src/db/database';
import { migrateToLatest } from '../../src/db/migrate';
import type { Database, JobsTable } from '../../src/db/schema';
import { DatabaseJobQueue } from '../../src/jobs/database-job-queue';
import type { JobLeaseStore } from '../../src/jobs/lease-store';
import type { JobKind } from '../../src/jobs/queue';
import { leaseStoreFor } from '../../src/jobs/start-worker';
import { trainingCompletion } from '../../src/services/models';
import { makeTempDir, removeDir } from '../helpers';
import { createPostgresDatabase, type Dialect } from './test-database';

/** A migrated database of one dialect with one user, and the queue's two sides over it. */
export interface JobDb {
  dialect: Dialect;
  /** What DATABASE_URL would say: another process opens the same database with it. */
  url: string;
  db: Kysely<Database>;
  queue: DatabaseJobQueue;
  store: JobLeaseStore;
  /** Another connection (pool) to the same database, as a second worker process would have. */
  connect(): { db: Kysely<Database>; store: JobLeaseStore };
  userId: string;
  /** Another user, for jobs of several users. */
  addUser(): Promise<string>;
  /** Enqueues a job of `kind` (of `owner`, default `userId`); a training gets its own model row. */
  enqueue(kind: JobKind, owner?: string): Promise<string>;
  modelOf(jobId: string): Promise<{ status: string; failure_reason: string | null }>;
  row(jobId: string): Promise<Selectable<JobsTable>>;
  close(): Promise<void>;
}

/** The database a DATABASE_URL names, as the app would open it. */
export function databaseOf(url: string): DatabaseConfig {
  return loadConfig({ DATABASE_URL: url }).database;
}

export async function createJobDb(dialect: Dialect = 'sqlite'): Promise<JobDb> {
  const dir = await makeTempDir();
  const postgres = dialect === 'postgres' ? await createPostgresDatabase() : undefined;
  const url = postgres?.url ?? `sqlite:${join(dir, 'jobs.sqlite')}`;
  const db = openDatabase(databaseOf(url));
  await migrateToLatest(db, dialect);
  const now = new Date().toISOString();
  async function addUser(): Promise<string> {
    const id = randomUUID();
    await db
      .insertInto('users')
      .values({
        id,
        identity_sub: id,
        email: `${id}@example.com`,
        created_at: now,
        updated_at: now,
      })
      .execute();
    return id;
  }
  const userId = await addUser();
  // As the app wires them: a training's end is its model's, through the model service.
  const completions = { train: trainingCompletion('http://localhost') };
  const queue = new DatabaseJobQueue(db, completions);
  const others: Kysely<Database>[] = [];
  return {
    dialect,
    url,
    db,
    queue,
    store: leaseStoreFor(db, dialect, completions),
    connect() {
      const other = openDatabase(databaseOf(url));
      others.push(other);
      return { db: other, store: leaseStoreFor(other, dialect, completions) };
    },
    userId,
    addUser,
    async enqueue(kind, owner = userId) {
      if (kind !== 'train') {
        const input = { prompt: 'a portrait', aspectRatio: '1:1' as const, modelIds: ['m'] };
        return (await queue.enqueue({ userId: owner, kind: 'generate', input })).id;
      }
      const modelId = randomUUID();
      await db
        .insertInto('models')
        .values({
          id: modelId,
          user_id: owner,
          name: 'Ada',
          trigger_word: 'ada',
          status: 'training',
          position: 0,
          failure_reason: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      const input = { modelId, triggerWord: 'ada', photoIds: [] };
      return (await queue.enqueue({ userId: owner, kind, modelId, input })).id;
    },
    async modelOf(jobId) {
      return db
        .selectFrom('jobs')
        .innerJoin('models', 'models.id', 'jobs.model_id')
        .select(['models.status', 'models.failure_reason'])
        .where('jobs.id', '=', jobId)
        .executeTakeFirstOrThrow();
    },
    async row(jobId) {
      return db.selectFrom('jobs').selectAll().where('id', '=', jobId).executeTakeFirstOrThrow();
    },
    async close() {
      await Promise.all([db, ...others].map((each) => each.destroy()));
      await postgres?.drop();
      await removeDir(dir);
    },
  };
}
