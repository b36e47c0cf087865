import { createHmac, timingSafeEqual } from 'node:crypto';
import { API_TEXT } from '@app/shared/spec';
import type { Kysely } from 'kysely';
import type { CogConfig } from '../../config';
import type { Database } from '../../db/schema';
import { badRequest } from '../../http-errors';
import type { Storage } from '../../storage/storage';
import { ReplicateOutcomes } from '../replicate/outcomes';
import { CogClient, type CogJob } from './cog-client';

/** An output file the webhook stored: the engine reads it from storage, then deletes it. */
export interface StoredOutput {
  stored: string;
  contentType: string;
}

const DATA_URL = /^data:([\w.+-]+\/[\w.+-]+)?(?:;[\w-]+=[^;,]*)*;base64,/;

/** Where a webhook keeps the files of one Cog job until its engine call has read them. */
export const outputPrefix = (id: string) => `cog-outputs/${id}/`;

export function isStoredOutput(value: unknown): value is StoredOutput {
  return typeof (value as Partial<StoredOutput> | null)?.stored === 'string';
}

/** The `weights` file of a training's output when it is Cog's TrainingOutput object. */
export function weightsOf(output: unknown): unknown {
  return typeof output === 'object' && output !== null && !Array.isArray(output)
    ? (output as { weights?: unknown }).weights
    : undefined;
}

function isCogJob(value: unknown): value is CogJob {
  const job = value as Partial<CogJob> | null;
  return typeof job?.status === 'string' && (job.id === undefined || typeof job.id === 'string');
}

/**
 * Our connection to the operator's Cog containers: a client per container, the store of
 * terminal outcomes (the Replicate engine's table: ids never collide, its pruning covers both)
 * and the receiving end of the webhooks. Cog does not sign webhooks, so each webhook URL carries
 * an HMAC of its job id under COG_WEBHOOK_SECRET.
 */
export class CogService {
  readonly trainer: CogClient;
  readonly predictor: CogClient;
  readonly outcomes: ReplicateOutcomes;

  constructor(
    readonly config: CogConfig,
    db: Kysely<Database>,
    private readonly storage: Storage,
  ) {
    this.trainer = new CogClient(config.trainerUrl);
    this.predictor = new CogClient(config.predictorUrl);
    this.outcomes = new ReplicateOutcomes(db);
  }

  private token(id: string): string {
    return createHmac('sha256', this.config.webhookSecret).update(id).digest('base64url');
  }

  /** The webhook for Cog job `id`: only a caller that knows the secret can make another. */
  webhookFor(id: string): string {
    const url = new URL(this.config.webhookUrl);
    url.searchParams.set('job', id);
    url.searchParams.set('token', this.token(id));
    return url.href;
  }

  /**
   * A webhook delivery: the token must be the one we made for `job` and the body a Cog job of
   * that id, else 400. A terminal report is stored (first one wins), its data-URL files moved to
   * storage first, so a large output never sits in the database and a job that reads the report
   * later (another process, after a restart) still finds its files.
   */
  async receiveWebhook(query: { job?: string; token?: string }, body: Buffer): Promise<void> {
    const { job: id, token } = query;
    const expected = id ? Buffer.from(this.token(id)) : undefined;
    const given = Buffer.from(token ?? '');
    if (!id || !expected || expected.length !== given.length || !timingSafeEqual(expected, given)) {
      throw badRequest(API_TEXT.webhookSignatureInvalid);
    }
    let job: unknown;
    try {
      job = JSON.parse(body.toString('utf8'));
    } catch {
      throw badRequest(API_TEXT.webhookBodyInvalid);
    }
    if (!isCogJob(job) || (job.id !== undefined && job.id !== id)) {
      throw badRequest(API_TEXT.webhookBodyInvalid);
    }
    if (await this.outcomes.find(id)) return;
    const output = job.status === 'succeeded' ? await this.storeFiles(id, job.output) : job.output;
    await this.outcomes.record({ ...job, id, output: output ?? null });
  }

  /** Data URLs (one, or a list) to stored files; other values (upload URLs) stay as they are. */
  private async storeFiles(id: string, output: unknown): Promise<unknown> {
    const store = async (value: unknown, index: number): Promise<unknown> => {
      if (typeof value !== 'string') return value;
      const match = DATA_URL.exec(value);
      if (!match) return value;
      const key = `${outputPrefix(id)}${index}`;
      const contentType = match[1] ?? 'application/octet-stream';
      await this.storage.put(key, Buffer.from(value.slice(match[0].length), 'base64'), contentType);
      return { stored: key, contentType } satisfies StoredOutput;
    };
    const weights = weightsOf(output);
    if (weights !== undefined) return { ...(output as object), weights: await store(weights, 0) };
    return Array.isArray(output)
      ? Promise.all(output.map((value, index) => store(value, index)))
      : store(output, 0);
  }
}
