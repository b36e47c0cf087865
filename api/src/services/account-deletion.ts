import type { MailTransport } from '@app/identity';
import type { AccountContents } from '@app/shared/contract/user';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { BillingProvider } from '../billing/provider';
import type { Database } from '../db/schema';
import { outputPrefix } from '../engines/cog/cog-service';
import type { ReplicateService } from '../engines/replicate/replicate-service';
import type { Job, JobQueue } from '../jobs/queue';
import type { JobContext } from '../jobs/worker';
import type { Storage } from '../storage/storage';
import { receiptMail, type ReceiptMail } from './account-receipt';
import { identityHash, type UserRow } from './users';

/** The embedded user pool's side of a deletion (absent with a pool elsewhere, e.g. Cognito). */
export interface AccountPool {
  /** AdminDeleteUser by `sub`: every session ends with it. */
  deleteUser(sub: string): Promise<unknown>;
  sendMail(message: ReceiptMail, log: FastifyBaseLogger): Promise<void>;
}

interface AccountDeletionParts {
  db: Kysely<Database>;
  storage: Storage;
  jobs: JobQueue;
  billing: BillingProvider;
  replicate: ReplicateService | null;
  pool: AccountPool | null;
  /** The api's SMTP delivery: the receipt's way out when the user pool is elsewhere (Cognito). */
  mail: MailTransport;
  log: FastifyBaseLogger;
}

const ACTIVE = ['queued', 'running'];
/** The longest an Amazon Cognito id or access token can be valid. */
const TOKEN_LIFETIME_MS = 24 * 60 * 60_000;

/**
 * Deleting an account is a durable job: the request marks the user (its tokens are refused from
 * then on) and enqueues it; the job removes everything, each step safe to run again, so a retry
 * after a crash picks up wherever the last attempt stopped. The users row goes last, and with it
 * (by foreign key) the job's own row: until then the job is there to be resumed.
 */
export class AccountDeletion {
  constructor(private readonly parts: AccountDeletionParts) {}

  /** Marks the user and enqueues the job once; asking again answers with the same job. */
  async request(user: UserRow): Promise<{ jobId: string; contents: AccountContents }> {
    const { db, jobs } = this.parts;
    return db.transaction().execute(async (trx) => {
      const pending = await trx
        .selectFrom('jobs')
        .selectAll()
        .where('user_id', '=', user.id)
        .where('kind', '=', 'delete-account')
        .where('status', 'in', ACTIVE)
        .executeTakeFirst();
      if (pending) {
        return { jobId: pending.id, contents: JSON.parse(pending.input) as AccountContents };
      }
      const contents = await this.contentsOf(trx, user);
      await trx
        .updateTable('users')
        .set({ deletion_requested_at: new Date().toISOString() })
        .where('id', '=', user.id)
        .execute();
      const job = await jobs.enqueue(
        { userId: user.id, kind: 'delete-account', input: contents },
        trx,
      );
      return { jobId: job.id, contents };
    });
  }

  private async contentsOf(db: Kysely<Database>, user: UserRow): Promise<AccountContents> {
    const count = async (table: 'models' | 'media', type?: string) => {
      let query = db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('user_id', '=', user.id);
      if (type) query = query.where('type' as never, '=', type as never);
      return Number((await query.executeTakeFirstOrThrow()).count);
    };
    const providerModels = await db
      .selectFrom('models')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', user.id)
      .where('engine', '=', 'replicate')
      .executeTakeFirstOrThrow();
    return {
      models: await count('models'),
      trainingPhotos: await count('media', 'training'),
      generatedImages: await count('media', 'generated'),
      profilePicture: user.profile_picture_key !== null,
      subscription: ['active', 'trialing'].includes(user.subscription_status),
      providerModels: Number(providerModels.count),
    };
  }

  /** The job: each step is a no-op once done, so a resumed attempt repeats none of the effects. */
  async run(job: Job<'delete-account'>, { signal }: JobContext): Promise<{ output: string[] }> {
    const { db, billing, replicate, pool } = this.parts;
    const user = await db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', job.userId)
      .executeTakeFirst();
    // The last step ran: nothing of the user is left to delete.
    if (!user) return { output: [] };
    await this.stopOtherJobs(job);
    await billing.endNow(user);
    if (replicate) {
      const models = await db
        .selectFrom('models')
        .select('id')
        .where('user_id', '=', user.id)
        .execute();
      for (const { id } of models) {
        await replicate.deleteDestination(id, signal);
        await replicate.deleteTrainingUploads(id, signal);
      }
    }
    signal.throwIfAborted();
    await this.deleteFiles(user.id);
    await this.deleteRows(job);
    // AdminDeleteUser ends every session: the pool refuses the tokens from then on.
    await pool?.deleteUser(user.identity_sub);
    // Read again: another attempt (this one's lease lost while it hung) may have mailed it.
    signal.throwIfAborted();
    const { deletion_receipt_sent: sent } = await db
      .selectFrom('users')
      .select('deletion_receipt_sent')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    if (sent === 0) {
      await this.sendReceipt(user, job.input);
      await db
        .updateTable('users')
        .set({ deletion_receipt_sent: 1 })
        .where('id', '=', user.id)
        .execute();
    }
    // A job stopped above may have stored a file since: look once more before the row goes.
    await this.deleteFiles(user.id);
    await db.transaction().execute(async (trx) => {
      const now = new Date();
      // A token outlives its deleted identity by at most a day (Cognito's longest): so long it
      // is remembered, and no longer.
      await trx
        .deleteFrom('deleted_identities')
        .where('deleted_at', '<', new Date(now.getTime() - TOKEN_LIFETIME_MS).toISOString())
        .execute();
      await trx
        .insertInto('deleted_identities')
        .values({ identity_hash: identityHash(user.identity_sub), deleted_at: now.toISOString() })
        .onConflict((conflict) => conflict.column('identity_hash').doNothing())
        .execute();
      await trx.deleteFrom('users').where('id', '=', user.id).execute();
    });
    return { output: [] };
  }

  /** Queued or running work of the user ends; a running one stops at its next heartbeat. */
  private async stopOtherJobs(job: Job): Promise<void> {
    const at = new Date().toISOString();
    await this.parts.db
      .updateTable('jobs')
      .set({ status: 'canceled', eta_seconds: null, finished_at: at, updated_at: at })
      .where('user_id', '=', job.userId)
      .where('id', '!=', job.id)
      .where('status', 'in', ACTIVE)
      .execute();
  }

  private async deleteFiles(userId: string): Promise<void> {
    await this.parts.storage.deletePrefix(`users/${userId}/`);
    await this.parts.storage.deletePrefix(`incoming/${userId}/`);
    // The files Cog's webhooks kept beside their reports (images, trained weights).
    const calls = await this.parts.db
      .selectFrom('provider_calls')
      .innerJoin('jobs', 'jobs.id', 'provider_calls.job_id')
      .innerJoin('replicate_outcomes', 'replicate_outcomes.id', 'provider_calls.provider_job_id')
      .select('provider_calls.provider_job_id')
      .where('jobs.user_id', '=', userId)
      .execute();
    for (const call of calls) {
      await this.parts.storage.deletePrefix(outputPrefix(call.provider_job_id));
    }
  }

  /** Every row of the user but the users row and this job's, in one transaction. */
  private async deleteRows(job: Job): Promise<void> {
    await this.parts.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('replicate_outcomes')
        .where('id', 'in', (calls) =>
          calls
            .selectFrom('provider_calls')
            .innerJoin('jobs', 'jobs.id', 'provider_calls.job_id')
            .select('provider_calls.provider_job_id')
            .where('jobs.user_id', '=', job.userId),
        )
        .execute();
      await trx.deleteFrom('upload_requests').where('user_id', '=', job.userId).execute();
      await trx.deleteFrom('checkout_sessions').where('user_id', '=', job.userId).execute();
      await trx
        .updateTable('users')
        .set({ default_model_id: null, profile_picture_key: null, profile_picture_bytes: 0 })
        .where('id', '=', job.userId)
        .execute();
      await trx
        .deleteFrom('jobs')
        .where('user_id', '=', job.userId)
        .where('id', '!=', job.id)
        .execute();
      // model_photos go with their models and media (foreign keys).
      await trx.deleteFrom('media').where('user_id', '=', job.userId).execute();
      await trx.deleteFrom('models').where('user_id', '=', job.userId).execute();
    });
  }

  /** Through the embedded pool's mailer (its outbox, and SMTP), else straight to SMTP. */
  private async sendReceipt(user: UserRow, contents: AccountContents): Promise<void> {
    const { pool, mail, log } = this.parts;
    const message = receiptMail(user.email, contents);
    if (pool) await pool.sendMail(message, log);
    else mail.deliver(message, log);
  }
}
