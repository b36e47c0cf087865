import { sql, type Kysely, type RawBuilder, type Selectable } from 'kysely';
import type { Database, JobsTable } from '../db/schema';
import { completionOf, type JobCompletions } from './completion';
import { INTERRUPTED_FAILURE, INTERRUPTED_RETRYING } from './job-failures';
import type {
  ClaimRequest,
  ExpiryPolicy,
  JobLeaseStore,
  KindLimits,
  ProgressReport,
  RecoveryResult,
} from './lease-store';
import type { Job, JobKind, JobOutcome } from './queue';
import { toJob } from './database-job-queue';

const plus = (now: Date, ms: number) => new Date(now.getTime() + ms).toISOString();

/**
 * The lease store over Kysely, for SQLite and PostgreSQL alike: every write is plain Kysely,
 * guarded by `lease_owner` and status 'running', and touches only `jobs`; a kind's completion
 * (the model service for trainings) records the rest in the same transaction. Only taking a job
 * differs between the two (`SqliteLeaseStore`, `PostgresLeaseStore`); both run the statement
 * `claimOn` builds.
 */
export abstract class KyselyLeaseStore implements JobLeaseStore {
  constructor(
    protected readonly db: Kysely<Database>,
    private readonly completions: JobCompletions = {},
  ) {}

  abstract claim(request: ClaimRequest): Promise<Job | undefined>;

  /**
   * One UPDATE ... WHERE id = (SELECT ...) RETURNING statement: it picks a runnable queued job of
   * a kind still below its limit and takes the lease on it. `lockCandidate` ends the inner SELECT
   * (PostgreSQL's `FOR UPDATE SKIP LOCKED`); the outer status check makes a row another writer
   * changed meanwhile fail the claim instead of being taken twice.
   *
   * Fair across users, in every process alike because the order is the statement's: first the
   * users with the fewest jobs running, then the one whose last job started longest ago (never:
   * first), and only then the oldest job. One user's hundred queued generations take turns with
   * everyone else's instead of going first.
   */
  protected async claimOn(
    db: Kysely<Database>,
    { owner, leaseMs, limits, now }: ClaimRequest,
    lockCandidate: RawBuilder<unknown>,
  ): Promise<Job | undefined> {
    const kinds = claimableKinds(limits);
    if (kinds.length === 0) return undefined;
    const limitOfKind = sql.join(
      kinds.map(([kind, limit]) => sql`WHEN ${kind} THEN CAST(${limit} AS integer)`),
      sql` `,
    );
    const at = now.toISOString();
    const { rows } = await sql<Selectable<JobsTable>>`
      UPDATE jobs SET
        status = 'running', lease_owner = ${owner}, lease_expires_at = ${plus(now, leaseMs)},
        attempts = attempts + 1, started_at = COALESCE(started_at, ${at}),
        progress = NULL, eta_seconds = NULL, updated_at = ${at}
      WHERE status = 'queued' AND id = (
        SELECT candidate.id FROM jobs AS candidate
        WHERE candidate.status = 'queued' AND candidate.run_after <= ${at}
          AND candidate.kind IN (${sql.join(kinds.map(([kind]) => kind))})
          AND (SELECT count(*) FROM jobs AS active
               WHERE active.status = 'running' AND active.kind = candidate.kind)
              < CASE candidate.kind ${limitOfKind} END
        ORDER BY
          (SELECT count(*) FROM jobs AS mine
           WHERE mine.user_id = candidate.user_id AND mine.status = 'running'),
          COALESCE((SELECT max(mine.started_at) FROM jobs AS mine
                    WHERE mine.user_id = candidate.user_id), ''),
          candidate.run_after, candidate.created_at
        LIMIT 1
        ${lockCandidate}
      )
      RETURNING *`.execute(db);
    const row = rows[0];
    return row && toJob(row);
  }

  async heartbeat(
    id: string,
    owner: string,
    leaseMs: number,
    now: Date,
    progress?: ProgressReport,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('jobs')
      .set({
        lease_expires_at: plus(now, leaseMs),
        updated_at: now.toISOString(),
        ...(progress ? { progress: progress.progress, eta_seconds: progress.etaSeconds } : {}),
      })
      .where('id', '=', id)
      .where('lease_owner', '=', owner)
      .where('status', '=', 'running')
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  succeed(job: Job, owner: string, outcome: JobOutcome, now: Date): Promise<boolean> {
    return this.finish(
      job,
      owner,
      now,
      { status: 'succeeded', output: JSON.stringify(outcome.output), error: null, progress: 1 },
      (trx, at) => completionOf(this.completions, job.kind)?.succeeded(trx, job, outcome, at),
    );
  }

  fail(job: Job, owner: string, reason: string, now: Date): Promise<boolean> {
    return this.finish(job, owner, now, { status: 'failed', error: reason }, (trx, at) =>
      completionOf(this.completions, job.kind)?.ended(trx, job, reason, at),
    );
  }

  /** The job's final state and its kind's completion, in one transaction. */
  private finish(
    job: Job,
    owner: string,
    now: Date,
    change: {
      status: 'succeeded' | 'failed';
      output?: string;
      error: string | null;
      progress?: number;
    },
    complete: (trx: Kysely<Database>, at: string) => Promise<void> | undefined,
  ): Promise<boolean> {
    const at = now.toISOString();
    return this.db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('jobs')
        .set({
          status: change.status,
          error: change.error,
          eta_seconds: null,
          lease_owner: null,
          lease_expires_at: null,
          finished_at: at,
          updated_at: at,
          ...(change.output === undefined ? {} : { output: change.output }),
          ...(change.progress === undefined ? {} : { progress: change.progress }),
        })
        .where('id', '=', job.id)
        .where('lease_owner', '=', owner)
        .where('status', '=', 'running')
        .executeTakeFirst();
      if (result.numUpdatedRows === 0n) return false;
      await complete(trx, at);
      return true;
    });
  }

  async retryLater(
    job: Job,
    owner: string,
    reason: string,
    runAfter: Date,
    now: Date,
  ): Promise<boolean> {
    return this.requeue(job.id, owner, now, { run_after: runAfter.toISOString(), error: reason });
  }

  async release(job: Job, owner: string, now: Date): Promise<boolean> {
    return this.requeue(job.id, owner, now, {
      run_after: now.toISOString(),
      attempts: sql<number>`attempts - 1`,
    });
  }

  private async requeue(
    id: string,
    owner: string,
    now: Date,
    change: { run_after: string; error?: string; attempts?: ReturnType<typeof sql<number>> },
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('jobs')
      .set({
        ...change,
        status: 'queued',
        lease_owner: null,
        lease_expires_at: null,
        eta_seconds: null,
        updated_at: now.toISOString(),
      })
      .where('id', '=', id)
      .where('lease_owner', '=', owner)
      .where('status', '=', 'running')
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async recoverExpired(now: Date, policy: ExpiryPolicy): Promise<RecoveryResult> {
    const at = now.toISOString();
    const expired = await this.db
      .selectFrom('jobs')
      .selectAll()
      .where('status', '=', 'running')
      .where('lease_expires_at', '<', at)
      .execute();
    const recovered: RecoveryResult = { requeued: [], failed: [] };
    for (const row of expired) {
      const job = toJob(row);
      // The expired lease's owner is gone; acting as it keeps every write owner-guarded.
      const owner = row.lease_owner ?? '';
      if (job.attempts >= policy.maxAttempts) {
        if (await this.fail(job, owner, INTERRUPTED_FAILURE, now)) recovered.failed.push(job.id);
      } else if (
        await this.retryLater(
          job,
          owner,
          INTERRUPTED_RETRYING,
          policy.retryAt(job.attempts, now),
          now,
        )
      ) {
        recovered.requeued.push(job.id);
      }
    }
    return recovered;
  }
}

/** The kinds this worker may take: those with a limit above zero. */
export function claimableKinds(limits: KindLimits): [JobKind, number][] {
  return (Object.entries(limits) as [JobKind, number][]).filter(([, limit]) => limit > 0);
}
