import { EventEmitter } from 'node:events';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** The fields of a Replicate training or prediction this engine reads. */
export interface ProviderJob {
  id: string;
  status: string;
  created_at?: string;
  output?: unknown;
  error?: unknown;
  logs?: string | null;
}

const TERMINAL = new Set(['succeeded', 'failed', 'canceled', 'aborted']);

export function isTerminal(job: Pick<ProviderJob, 'status'>): boolean {
  return TERMINAL.has(job.status);
}

/**
 * Terminal reports of Replicate trainings and predictions, from the signed webhook or a job's
 * own poll. Stored, so a worker in another process (or after a restart) finds them; and
 * announced in this process, so the job waiting here wakes at once.
 *
 * Replicate may repeat a delivery and does not promise order. A terminal state is final, so the
 * first terminal report is kept and every later one is a no-op; non-terminal reports (start,
 * logs) change nothing here, so a late "processing" can never undo a "succeeded".
 */
export class ReplicateOutcomes {
  private readonly reports = new EventEmitter().setMaxListeners(0);

  constructor(private readonly db: Kysely<Database>) {}

  async record(job: ProviderJob, now = new Date()): Promise<void> {
    if (!isTerminal(job)) return;
    await this.db
      .insertInto('replicate_outcomes')
      .values({
        id: job.id,
        status: job.status,
        body: JSON.stringify(job),
        recorded_at: now.toISOString(),
      })
      .onConflict((conflict) => conflict.column('id').doNothing())
      .execute();
    this.reports.emit(job.id);
  }

  async find(id: string): Promise<ProviderJob | undefined> {
    const row = await this.db
      .selectFrom('replicate_outcomes')
      .select('body')
      .where('id', '=', id)
      .executeTakeFirst();
    return row && (JSON.parse(row.body) as ProviderJob);
  }

  /** Resolves when this process records a report for `id`, after `ms`, or when `signal` aborts. */
  nextReport(id: string, ms: number, signal: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.reports.off(id, done);
        signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.reports.once(id, done);
      signal.addEventListener('abort', done, { once: true });
    });
  }
}
