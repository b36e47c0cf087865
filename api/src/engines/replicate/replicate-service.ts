import { API_TEXT } from '@app/shared/spec';
import type { Kysely } from 'kysely';
import Replicate, { validateWebhook, type FileObject } from 'replicate';
import type { ReplicateConfig } from '../../config';
import type { Database } from '../../db/schema';
import { badRequest } from '../../http-errors';
import { ReplicateOutcomes, type ProviderJob } from './outcomes';

/** Standard Webhooks: a delivery signed longer ago (or further ahead) than this is refused. */
const WEBHOOK_TOLERANCE_MS = 5 * 60_000;

type Headers = Record<string, string | string[] | undefined>;

function header(headers: Headers, name: string): string | undefined {
  const value = headers[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** One Replicate model per trained model of ours, owned by the configured account. */
export const destinationName = (modelId: string) => `studio-${modelId.toLowerCase()}`;

/** The HTTP status of a failed call of the Replicate client; undefined when none came back. */
export function httpStatus(error: unknown): number | undefined {
  const response = (error as { response?: { status?: unknown } } | null)?.response;
  return typeof response?.status === 'number' ? response.status : undefined;
}

function isProviderJob(value: unknown): value is ProviderJob {
  const job = value as Partial<ProviderJob> | null;
  return typeof job?.id === 'string' && typeof job.status === 'string';
}

/**
 * Our connection to Replicate: the official client on the configured API base, the store of
 * terminal outcomes, and the receiving end of Replicate's signed webhooks.
 */
export class ReplicateService {
  readonly client: Replicate;
  readonly outcomes: ReplicateOutcomes;
  private secret: Promise<string> | undefined;

  constructor(
    readonly config: ReplicateConfig,
    db: Kysely<Database>,
  ) {
    // 'upload': edit inputs go through the files API, never as silently inlined data URLs.
    this.client = new Replicate({
      auth: config.apiToken,
      baseUrl: config.apiUrl,
      userAgent: 'ai-image-studio',
      fileEncodingStrategy: 'upload',
    });
    this.outcomes = new ReplicateOutcomes(db);
  }

  /**
   * Deletes a model's destination at Replicate: its trained versions first (Replicate deletes
   * only a model without versions), then the model. False when there was none (never made, or
   * deleted by an earlier attempt).
   */
  async deleteDestination(modelId: string, signal?: AbortSignal): Promise<boolean> {
    const { owner } = this.config;
    const name = destinationName(modelId);
    const path = `/models/${owner}/${name}`;
    try {
      for (;;) {
        const page = await this.client.models.versions.list(owner, name, { signal });
        for (const version of page.results) {
          await this.client.request(`${path}/versions/${version.id}`, { method: 'DELETE' });
        }
        if (page.results.length === 0) break;
      }
      await this.client.request(path, { method: 'DELETE' });
      return true;
    } catch (error) {
      if (httpStatus(error) === 404) return false;
      throw error;
    }
  }

  /**
   * Deletes the training zips uploaded for a model (each training and retry uploads one, tagged
   * with the model's id; nothing of ours keeps their ids): the account's files are listed, the
   * model's collected, then deleted, so no page shifts under the listing. Returns how many went.
   */
  async deleteTrainingUploads(modelId: string, signal?: AbortSignal): Promise<number> {
    const ids: string[] = [];
    const pages = this.client.paginate<FileObject>(() => this.client.files.list({ signal }), {
      signal,
    });
    for await (const page of pages) {
      for (const file of page) if (file.metadata?.modelId === modelId) ids.push(file.id);
    }
    for (const id of ids) {
      try {
        await this.client.files.delete(id, { signal });
      } catch (error) {
        // Deleted meanwhile (an earlier attempt, or the file expired).
        if (httpStatus(error) !== 404) throw error;
      }
    }
    return ids.length;
  }

  /** The configured secret, else the account's default one, fetched once (again after a failure). */
  private signingSecret(): Promise<string> {
    if (this.config.webhookSecret) return Promise.resolve(this.config.webhookSecret);
    this.secret ??= this.client.webhooks.default.secret.get().then(
      ({ key }) => key,
      (error: unknown) => {
        this.secret = undefined;
        throw error;
      },
    );
    return this.secret;
  }

  /**
   * A webhook delivery: the Standard Webhooks signature over `id.timestamp.body` must match and
   * the timestamp lie within 5 minutes (a replayed old delivery is refused), else 400. A valid
   * delivery is recorded (terminal states only, first one wins) and acknowledged at once.
   */
  async receiveWebhook(headers: Headers, body: Buffer, now = Date.now()): Promise<void> {
    const id = header(headers, 'webhook-id');
    const timestamp = header(headers, 'webhook-timestamp');
    const signature = header(headers, 'webhook-signature');
    if (!id || !timestamp || !signature || !/^\d+$/.test(timestamp) || body.length === 0) {
      throw badRequest(API_TEXT.webhookSignatureInvalid);
    }
    if (Math.abs(now - Number(timestamp) * 1000) > WEBHOOK_TOLERANCE_MS) {
      throw badRequest(API_TEXT.webhookSignatureInvalid);
    }
    const text = body.toString('utf8');
    const secret = await this.signingSecret();
    if (!(await validateWebhook({ id, timestamp, signature, body: text, secret }))) {
      throw badRequest(API_TEXT.webhookSignatureInvalid);
    }
    let job: unknown;
    try {
      job = JSON.parse(text);
    } catch {
      throw badRequest(API_TEXT.webhookBodyInvalid);
    }
    if (!isProviderJob(job)) throw badRequest(API_TEXT.webhookBodyInvalid);
    await this.outcomes.record(job);
  }
}
