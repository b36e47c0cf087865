import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { backoffMs, JobFailure, TransientJobError, UNEXPECTED_FAILURE } from './job-failures';
import type { ExpiryPolicy, JobLeaseStore, KindLimits } from './lease-store';
import type { Job, JobKind, JobOutcome } from './queue';

export interface JobContext {
  /** Aborted when the job is canceled, its lease is lost, or the worker stops. */
  signal: AbortSignal;
  /** 0..1; the worker derives the ETA and writes both with the next heartbeat. */
  reportProgress(progress: number): void;
}

/** Runs one job to the end; resolves with the media ids it stored and its kind's details. */
export type JobRunner<K extends JobKind = JobKind> = (
  job: Job<K>,
  context: JobContext,
) => Promise<JobOutcome<K>>;

export type JobRunners = { [K in JobKind]?: JobRunner<K> };

export interface WorkerOptions {
  store: JobLeaseStore;
  runners: JobRunners;
  /** Per kind, across all workers on the table; kinds without a runner are never claimed. */
  limits: KindLimits;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** Jobs this worker runs at once, whatever their kind (the machine's cores). */
  maxConcurrent?: number;
  leaseMs?: number;
  heartbeatMs?: number;
  pollMs?: number;
  /** How often expired leases (of any worker) are looked for. */
  sweepMs?: number;
  maxAttempts?: number;
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  /** Progress is written at most this often between heartbeats. */
  progressWriteMs?: number;
  now?: () => Date;
}

interface Running {
  job: Job;
  controller: AbortController;
  done: Promise<void>;
}

/** Thrown into a job's signal when the worker stops: the job is handed back, not failed. */
class WorkerStopping extends Error {}

/**
 * Claims jobs from the durable queue and runs them: a lease kept alive by heartbeats, progress
 * and ETA written back, transient errors retried with exponential backoff, and a periodic sweep
 * that re-queues (or fails) jobs whose worker died, so nothing stays 'running' forever.
 */
export class JobWorker {
  readonly owner = `worker-${process.pid}-${randomUUID().slice(0, 8)}`;
  private readonly running = new Map<string, Running>();
  private readonly options: Required<Omit<WorkerOptions, 'runners' | 'limits'>>;
  private readonly limits: KindLimits;
  private timer: NodeJS.Timeout | undefined;
  private sweeper: NodeJS.Timeout | undefined;
  private stopped = true;
  private polling: Promise<void> | undefined;

  constructor(private readonly config: WorkerOptions) {
    this.options = {
      maxConcurrent: 2,
      leaseMs: 30_000,
      heartbeatMs: 10_000,
      pollMs: 250,
      sweepMs: 15_000,
      maxAttempts: 3,
      backoffBaseMs: 5_000,
      backoffMaxMs: 5 * 60_000,
      progressWriteMs: 1_000,
      now: () => new Date(),
      ...config,
    };
    this.limits = Object.fromEntries(
      Object.entries(config.limits).filter(([kind]) => config.runners[kind as JobKind]),
    );
  }

  /** Kinds this worker runs: the API waits for these a bounded time before answering. */
  handles(kind: JobKind): boolean {
    return (this.limits[kind] ?? 0) > 0;
  }

  private get expiryPolicy(): ExpiryPolicy {
    const { maxAttempts, backoffBaseMs, backoffMaxMs } = this.options;
    return {
      maxAttempts,
      retryAt: (attempts, now) =>
        new Date(now.getTime() + backoffMs(attempts, backoffBaseMs, backoffMaxMs)),
    };
  }

  async start(): Promise<void> {
    this.stopped = false;
    await this.sweep();
    this.sweeper = setInterval(() => void this.sweep(), this.options.sweepMs);
    this.wake();
  }

  /** Looks for work now instead of at the next poll (e.g. right after an enqueue). */
  wake(): void {
    if (this.stopped || this.polling) return;
    clearTimeout(this.timer);
    this.polling = this.poll().finally(() => {
      this.polling = undefined;
      if (!this.stopped) this.timer = setTimeout(() => this.wake(), this.options.pollMs);
    });
  }

  /**
   * A job canceled through this process stops at once; a worker in another process learns it
   * at its next heartbeat.
   */
  canceled(jobId: string): void {
    this.running.get(jobId)?.controller.abort(new Error('canceled'));
  }

  /** Stops claiming, aborts what runs and hands those jobs back to the queue. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    clearInterval(this.sweeper);
    await this.polling;
    for (const { controller } of this.running.values()) controller.abort(new WorkerStopping());
    await Promise.all([...this.running.values()].map((entry) => entry.done));
  }

  private async sweep(): Promise<void> {
    try {
      const { requeued, failed } = await this.config.store.recoverExpired(
        this.options.now(),
        this.expiryPolicy,
      );
      if (requeued.length > 0 || failed.length > 0) {
        this.config.log.warn({ requeued, failed }, 'recovered jobs whose lease expired');
      }
    } catch (error) {
      this.config.log.error({ err: error }, 'job lease sweep failed');
    }
  }

  private async poll(): Promise<void> {
    try {
      while (!this.stopped && this.running.size < this.options.maxConcurrent) {
        const job = await this.config.store.claim({
          owner: this.owner,
          leaseMs: this.options.leaseMs,
          limits: this.limits,
          now: this.options.now(),
        });
        if (!job) return;
        this.track(job);
      }
    } catch (error) {
      this.config.log.error({ err: error }, 'claiming a job failed');
    }
  }

  private track(job: Job): void {
    const controller = new AbortController();
    const entry: Running = { job, controller, done: Promise.resolve() };
    this.running.set(job.id, entry);
    entry.done = this.run(job, controller).finally(() => {
      this.running.delete(job.id);
      this.wake();
    });
  }

  private async run(job: Job, controller: AbortController): Promise<void> {
    const { store, log } = this.config;
    const { leaseMs, heartbeatMs, progressWriteMs, now } = this.options;
    const startedAt = Date.now();
    let lastWrite = 0;
    let beating: Promise<void> = Promise.resolve();
    const beat = (progress?: number) => {
      const report =
        progress === undefined
          ? undefined
          : { progress, etaSeconds: estimateSecondsLeft(Date.now() - startedAt, progress) };
      // Chained so writes stay in order; a failed write is logged and the next one still runs.
      beating = beating
        .then(async () => {
          const ours = await store.heartbeat(job.id, this.owner, leaseMs, now(), report);
          // Canceled, or swept after a stall and maybe taken by another worker: stop working.
          if (!ours && !controller.signal.aborted) controller.abort(new Error('lease lost'));
        })
        .catch((error: unknown) => log.error({ err: error, jobId: job.id }, 'heartbeat failed'));
    };
    let latest: number | undefined;
    const heartbeat = setInterval(() => beat(latest), heartbeatMs);
    const context: JobContext = {
      signal: controller.signal,
      reportProgress: (progress) => {
        latest = Math.min(1, Math.max(0, progress));
        if (Date.now() - lastWrite >= progressWriteMs) {
          lastWrite = Date.now();
          beat(latest);
        }
      },
    };

    let outcome: { result: JobOutcome } | { error: unknown };
    try {
      outcome = { result: await this.runnerFor(job)(job, context) };
    } catch (error) {
      outcome = { error };
    } finally {
      clearInterval(heartbeat);
      await beating;
    }

    try {
      if (controller.signal.aborted) {
        if (controller.signal.reason instanceof WorkerStopping) {
          await store.release(job, this.owner, now());
        }
        // Otherwise canceled or lost: the row already says what happened.
        return;
      }
      if ('result' in outcome) {
        await store.succeed(job, this.owner, outcome.result, now());
        return;
      }
      const { error } = outcome;
      if (error instanceof TransientJobError && job.attempts < this.options.maxAttempts) {
        const runAfter = this.expiryPolicy.retryAt(job.attempts, now());
        log.warn({ err: error, jobId: job.id, runAfter }, 'job failed; will retry');
        await store.retryLater(job, this.owner, error.message, runAfter, now());
        return;
      }
      if (!(error instanceof JobFailure)) log.error({ err: error, jobId: job.id }, 'job failed');
      const reason =
        error instanceof JobFailure || error instanceof TransientJobError
          ? error.message
          : UNEXPECTED_FAILURE;
      await store.fail(job, this.owner, reason, now());
    } catch (error) {
      // The lease will expire and the sweep will re-queue the job.
      log.error({ err: error, jobId: job.id }, 'recording a job result failed');
    }
  }

  private runnerFor(job: Job): JobRunner {
    const runner = this.config.runners[job.kind] as JobRunner | undefined;
    if (!runner) throw new Error(`no runner for ${job.kind} jobs`);
    return runner;
  }
}

/** Linear extrapolation from the progress so far; unknown until there is some. */
export function estimateSecondsLeft(elapsedMs: number, progress: number): number | null {
  if (progress <= 0) return null;
  return Math.round((elapsedMs * (1 - progress)) / progress / 1000);
}
