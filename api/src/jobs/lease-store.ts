import type { Job, JobKind, JobOutcome } from './queue';

/** How many jobs of each kind may run at once across every worker sharing the table. */
export type KindLimits = Partial<Record<JobKind, number>>;

export interface ClaimRequest {
  owner: string;
  leaseMs: number;
  /** Only these kinds are claimed, each while fewer than its limit are running. */
  limits: KindLimits;
  now: Date;
}

export interface ProgressReport {
  progress: number;
  etaSeconds: number | null;
}

/** What happens to a job whose lease ran out (its worker died or hung). */
export interface ExpiryPolicy {
  maxAttempts: number;
  /** When the next attempt may start, given the attempts made so far. */
  retryAt(attempts: number, now: Date): Date;
}

export interface RecoveryResult {
  requeued: string[];
  failed: string[];
}

/**
 * The worker's side of the durable queue. Every write is guarded by `lease_owner` and status
 * 'running', so a worker that lost its lease (expired and taken over, or the job was canceled)
 * can never overwrite the newer state. `KyselyLeaseStore` implements it on both databases; only
 * the claim differs (`SqliteLeaseStore`, `PostgresLeaseStore`).
 */
export interface JobLeaseStore {
  /** Atomically moves the oldest runnable queued job to 'running' under a fresh lease. */
  claim(request: ClaimRequest): Promise<Job | undefined>;
  /** Extends the lease (and records progress); false when the lease is no longer ours. */
  heartbeat(
    id: string,
    owner: string,
    leaseMs: number,
    now: Date,
    progress?: ProgressReport,
  ): Promise<boolean>;
  /** Done: the output media ids are stored, and the kind's completion runs in the same transaction. */
  succeed(job: Job, owner: string, outcome: JobOutcome, now: Date): Promise<boolean>;
  /** Given up: the reason is user-facing; the kind's completion hears it in the same transaction. */
  fail(job: Job, owner: string, reason: string, now: Date): Promise<boolean>;
  /** A transient error: back to 'queued', not before `runAfter`. */
  retryLater(job: Job, owner: string, reason: string, runAfter: Date, now: Date): Promise<boolean>;
  /** A clean shutdown hands the job back without spending an attempt. */
  release(job: Job, owner: string, now: Date): Promise<boolean>;
  /** Re-queues (or, attempts used up, fails) every running job whose lease has expired. */
  recoverExpired(now: Date, policy: ExpiryPolicy): Promise<RecoveryResult>;
}
