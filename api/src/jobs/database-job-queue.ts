import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Database, JobsTable } from '../db/schema';
import { completionOf, type JobCompletions } from './completion';
import { CANCELED_FAILURE } from './job-failures';
import {
  imagesOf,
  type EnqueueRequest,
  type Job,
  type JobInputs,
  type JobKind,
  type JobQueue,
  type JobStatus,
} from './queue';

export function toJob(row: Selectable<JobsTable>): Job {
  return {
    id: row.id,
    userId: row.user_id,
    kind: row.kind as JobKind,
    status: row.status as JobStatus,
    modelId: row.model_id,
    input: JSON.parse(row.input) as Job['input'],
    output: JSON.parse(row.output) as string[],
    error: row.error,
    progress: row.progress,
    etaSeconds: row.eta_seconds,
    attempts: row.attempts,
    requestHash: row.request_hash,
    createdAt: row.created_at,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
  };
}

/** The jobs table through plain Kysely: the same code runs on SQLite and PostgreSQL. */
export class DatabaseJobQueue implements JobQueue {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly completions: JobCompletions = {},
  ) {}

  async enqueue<K extends JobKind>(
    request: EnqueueRequest<K>,
    db: Kysely<Database> = this.db,
  ): Promise<Job<K>> {
    const now = new Date().toISOString();
    const row = {
      id: randomUUID(),
      user_id: request.userId,
      kind: request.kind,
      status: 'queued',
      model_id: request.modelId ?? null,
      input: JSON.stringify(request.input),
      idempotency_key: request.idempotencyKey ?? null,
      request_hash: request.requestHash ?? null,
      input_bytes: request.inputBytes ?? null,
      run_after: now,
      created_at: now,
      updated_at: now,
    };
    await db.insertInto('jobs').values(row).execute();
    const created = await db
      .selectFrom('jobs')
      .selectAll()
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    return toJob(created) as Job<K>;
  }

  async findByIdempotencyKey(userId: string, key: string): Promise<Job | undefined> {
    const row = await this.db
      .selectFrom('jobs')
      .selectAll()
      .where('user_id', '=', userId)
      .where('idempotency_key', '=', key)
      .executeTakeFirst();
    return row && toJob(row);
  }

  async countActive(userId: string, kinds: readonly JobKind[]): Promise<number> {
    const { active } = await this.db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<number>().as('active'))
      .where('user_id', '=', userId)
      .where('status', 'in', ['queued', 'running'])
      .where('kind', 'in', [...kinds])
      .executeTakeFirstOrThrow();
    return Number(active);
  }

  async imagesStartedSince(userId: string, since: Date): Promise<number> {
    const rows = await this.db
      .selectFrom('jobs')
      .select(['kind', 'input'])
      .where('user_id', '=', userId)
      .where('kind', 'in', ['generate', 'edit', 'hd'])
      .where('created_at', '>=', since.toISOString())
      .where('status', 'not in', ['failed', 'canceled'])
      .execute();
    return rows.reduce(
      (sum, row) =>
        sum +
        (row.kind === 'generate' ? imagesOf(JSON.parse(row.input) as JobInputs['generate']) : 1),
      0,
    );
  }

  async findOwned(userId: string, id: string): Promise<Job | undefined> {
    const row = await this.db
      .selectFrom('jobs')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row && toJob(row);
  }

  async cancel(userId: string, id: string, now = new Date()): Promise<Job | undefined> {
    const at = now.toISOString();
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('jobs')
        .set({ status: 'canceled', eta_seconds: null, finished_at: at, updated_at: at })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('status', 'in', ['queued', 'running'])
        .returningAll()
        .executeTakeFirst();
      if (!row) return undefined;
      const job = toJob(row);
      await completionOf(this.completions, job.kind)?.ended(trx, job, CANCELED_FAILURE, at);
      return job;
    });
  }

  async latestJobPerModel<K extends JobKind>(
    userId: string,
    kind: K,
  ): Promise<Map<string, Job<K>>> {
    const rows = await this.db
      .selectFrom('jobs')
      .selectAll()
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .orderBy('created_at', 'asc')
      .execute();
    // Ascending, so a later job for the same model overwrites an earlier one.
    return new Map(rows.map((row) => [row.model_id ?? '', toJob(row) as Job<K>]));
  }
}
