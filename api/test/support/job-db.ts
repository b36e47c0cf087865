import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Kysely, Selectable } from 'kysely';
import { openDatabase } from '../../src/db/database';
import { migrateToLatest } from '../../src/db/migrate';
import type { Database, JobsTable } from '../../src/db/schema';
import type { JobKind } from '../../src/jobs/queue';
import { SqliteJobQueue } from '../../src/jobs/sqlite-job-queue';
import { SqliteLeaseStore } from '../../src/jobs/sqlite-lease-store';
import { makeTempDir, removeDir } from '../helpers';

/** A migrated SQLite file with one user, and the queue's two sides over it. */
export interface JobDb {
  dir: string;
  file: string;
  db: Kysely<Database>;
  queue: SqliteJobQueue;
  store: SqliteLeaseStore;
  userId: string;
  /** Enqueues a job of `kind`; a training gets its own model row in 'training'. */
  enqueue(kind: JobKind): Promise<string>;
  modelOf(jobId: string): Promise<{ status: string; failure_reason: string | null }>;
  row(jobId: string): Promise<Selectable<JobsTable>>;
  close(): Promise<void>;
}

export function openJobDb(file: string): Kysely<Database> {
  return openDatabase({ kind: 'sqlite', file });
}

export async function createJobDb(): Promise<JobDb> {
  const dir = await makeTempDir();
  const file = join(dir, 'jobs.sqlite');
  const db = openJobDb(file);
  await migrateToLatest(db);
  const userId = randomUUID();
  const now = new Date().toISOString();
  await db
    .insertInto('users')
    .values({
      id: userId,
      identity_sub: userId,
      email: 'a@example.com',
      created_at: now,
      updated_at: now,
    })
    .execute();
  const queue = new SqliteJobQueue(db);
  return {
    dir,
    file,
    db,
    queue,
    store: new SqliteLeaseStore(db),
    userId,
    async enqueue(kind) {
      if (kind !== 'train') {
        const input = { prompt: 'a portrait', aspectRatio: '1:1' as const, modelIds: ['m'] };
        return (await queue.enqueue({ userId, kind: 'generate', input })).id;
      }
      const modelId = randomUUID();
      await db
        .insertInto('models')
        .values({
          id: modelId,
          user_id: userId,
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
      return (await queue.enqueue({ userId, kind, modelId, input })).id;
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
      await db.destroy();
      await removeDir(dir);
    },
  };
}
