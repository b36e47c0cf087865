import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { GENERATE_TEXT } from '@app/shared/spec';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import {
  CANCELED_FAILURE,
  INTERRUPTED_RETRYING,
  JobFailure,
  NOT_TRAINED_HERE,
  SERVICE_UNAVAILABLE,
  TRAINING_FAILED,
  TRAINING_TIMED_OUT,
  TransientJobError,
} from '../../jobs/job-failures';
import type { KindLimits } from '../../jobs/lease-store';
import { resampleTwice } from '../../media/enlarge';
import { keepUnpainted } from '../../media/keep-unpainted';
import type { Storage } from '../../storage/storage';
import type {
  EditRequest,
  Engine,
  EngineContext,
  EngineImage,
  GenerateRequest,
  TrainRequest,
  TrainResult,
} from '../engine';
import { identityScore } from '../identity-score';
import { reviewPhotos } from '../photo-review';
import { readAll } from '../read-all';
import type { ProviderJob } from '../replicate/outcomes';
import { withTrainingZip } from '../replicate/training-zip';
import { httpStatus, type CogClient, type CogJob, type CogKind } from './cog-client';
import { isStoredOutput, weightsOf, type CogService } from './cog-service';
import { loraSafetensors } from './lora-weights';

/**
 * Jobs wait on the operator's GPUs, not on our cores; the containers' own slots (409 when full)
 * are the real limit, so these only bound how many wait at once.
 */
export const COG_ENGINE_LIMITS: KindLimits = {
  train: 2,
  generate: 4,
  edit: 4,
  'check-photo': 1,
  'delete-account': 1,
  // An enlargement is a resample on this server's CPU, not a GPU job.
  hd: 1,
};
export const COG_WORKER_CONCURRENCY = 8;

/** How often a waiting job reads the outcomes a webhook in another process may have stored. */
const OUTCOME_CHECK_MS = 2_000;
/** The first wait while every slot is busy; it doubles up to COG_BUSY_RETRY_MAX_SECONDS. */
const BUSY_FIRST_WAIT_MS = 500;
/** Signed input URLs outlive the job's wait by this much (a container may start late). */
const INPUT_URL_SLACK_S = 3600;

const modelFolder = (userId: string, modelId: string) => `users/${userId}/models/${modelId}/`;
/** The same reference descriptors the Replicate engine keeps: identity scores compare to them. */
const referencesKey = (userId: string, modelId: string) =>
  `${modelFolder(userId, modelId)}references.json`;
/** The trained LoRA weights, the predictor's `lora_weights` (a `.safetensors` name: see lora-weights.ts). */
export const weightsKey = (userId: string, modelId: string) =>
  `${modelFolder(userId, modelId)}cog-weights.safetensors`;
const zipKey = (userId: string, modelId: string) =>
  `${modelFolder(userId, modelId)}cog-training.zip`;

/** The trigger words the prompt lacks go first: a LoRA only shows its person when named. */
function withTriggerWords(prompt: string, triggerWords: readonly string[]): string {
  const words = new Set(prompt.toLowerCase().split(/[^\p{L}\p{N}_]+/u));
  const missing = triggerWords.filter((word) => !words.has(word.toLowerCase()));
  return missing.length === 0 ? prompt : `${missing.join(', ')}, ${prompt}`;
}

const dataUrl = (data: Buffer, type: string) => `data:${type};base64,${data.toString('base64')}`;

/** 5xx and network errors pass; anything else (a 422 for bad input) will not. */
function isTransient(error: unknown): boolean {
  const status = httpStatus(error);
  if (status === undefined) return !(error instanceof JobFailure);
  return status >= 500;
}

interface TrainedModel {
  weights: string;
  triggerWord: string;
  references: number[][];
}

export interface CogEngineOptions {
  service: CogService;
  db: Kysely<Database>;
  storage: Storage;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

/**
 * FLUX LoRA trainings and generations on the operator's own Cog containers (the trainer and
 * predictor Replicate runs). Our job id is the Cog job's id: it is recorded before the first PUT,
 * and every later attempt PUTs the same id again, which Cog answers with the running job instead
 * of starting another. Completion arrives only by webhook (Cog has no status polling), stored in
 * the outcomes table by whichever of our processes receives it; see docs/engines-cog.md.
 */
export class CogEngine implements Engine {
  readonly name = 'cog';

  constructor(private readonly options: CogEngineOptions) {}

  private get config() {
    return this.options.service.config;
  }

  async train(request: TrainRequest, context: EngineContext): Promise<TrainResult> {
    const { signal, onProgress } = context;
    const { storage } = this.options;
    const review = await reviewPhotos(request.photos, {
      signal,
      onProgress: (share) => onProgress(0.1 * share),
    });
    await storage.put(
      referencesKey(request.userId, request.modelId),
      Buffer.from(JSON.stringify(review.usable.map((usable) => Array.from(usable.descriptor)))),
      'application/json',
    );
    const zip = zipKey(request.userId, request.modelId);
    await withTrainingZip(
      review.usable.map(({ photo }) => photo),
      (file) =>
        storage.put(
          zip,
          { stream: Readable.fromWeb(file.stream() as never), size: file.size },
          'application/zip',
        ),
    );
    const input = {
      input_images: await this.inputUrl(zip, this.config.trainingTimeoutMs),
      trigger_word: request.triggerWord,
      steps: this.config.trainingSteps,
    };
    // The zip goes once the training has ended; after a shutdown or a lost lease it stays for
    // the container that may still be fetching it (the next attempt writes it again).
    const ended = () => storage.delete(zip).catch(() => undefined);
    let done: ProviderJob;
    try {
      done = await this.run('training', this.options.service.trainer, input, context, {
        timeoutMs: this.config.trainingTimeoutMs,
        timedOut: TRAINING_TIMED_OUT,
        failure: TRAINING_FAILED,
      });
    } catch (error) {
      if (error instanceof JobFailure) await ended();
      throw error;
    }
    await ended();
    const [weights] = await this.outputs(done, TRAINING_FAILED, signal);
    const lora = await loraSafetensors(weights!.data);
    if (!lora) {
      this.options.log.error({ job: done.id }, 'Cog training answered without LoRA weights');
      throw new JobFailure(TRAINING_FAILED);
    }
    const key = weightsKey(request.userId, request.modelId);
    await storage.put(key, lora, 'application/octet-stream');
    onProgress(1);
    // The models row keeps the provider's trained version in `replicate_version`: here the key
    // of the weights, which every generation sends to the predictor.
    return { photoIssues: review.issues, providerVersion: key };
  }

  async generate(request: GenerateRequest, context: EngineContext): Promise<EngineImage> {
    const [image] = await this.generateMany(request, 1, context);
    return image!;
  }

  /** One prediction with `num_outputs` images (FLUX makes them from the seed onwards). */
  async generateMany(
    request: GenerateRequest,
    count: number,
    context: EngineContext,
  ): Promise<EngineImage[]> {
    return this.predict(
      request,
      { aspect_ratio: request.aspectRatio, num_outputs: count },
      context,
      GENERATE_TEXT.generateFailed,
    );
  }

  /** The image and mask go inline as data URLs: small, and nothing to clean up afterwards. */
  async edit(request: EditRequest, context: EngineContext): Promise<EngineImage> {
    const [image] = await this.predict(
      request,
      { image: dataUrl(request.image, 'image/png'), mask: dataUrl(request.mask, 'image/png') },
      context,
      GENERATE_TEXT.editFailed,
    );
    return { ...image!, data: await keepUnpainted(request.image, request.mask, image!.data) };
  }

  /**
   * The operator's containers run the trainer and the predictor only: an image is enlarged here,
   * a resample labelled "enlarged", never "HD".
   */
  enlarge(image: Buffer, context: EngineContext): Promise<Buffer> {
    return resampleTwice(image, context);
  }

  private async predict(
    request: GenerateRequest,
    extra: Record<string, unknown>,
    context: EngineContext,
    failure: string,
  ): Promise<EngineImage[]> {
    const models = await this.trainedModels(request.userId, request.modelIds);
    const [first, second] = models;
    if (!first) throw new JobFailure(failure);
    const urlLife = this.config.predictionTimeoutMs;
    const input = {
      prompt: withTriggerWords(
        request.prompt,
        models.map((model) => model.triggerWord),
      ),
      seed: request.seed,
      num_outputs: 1,
      output_format: 'png',
      lora_weights: await this.inputUrl(first.weights, urlLife),
      ...(second ? { extra_lora: await this.inputUrl(second.weights, urlLife) } : {}),
      ...extra,
    };
    const done = await this.run('prediction', this.options.service.predictor, input, context, {
      timeoutMs: this.config.predictionTimeoutMs,
      timedOut: GENERATE_TEXT.takingTooLong,
      failure,
    });
    const images: EngineImage[] = [];
    for (const { data } of await this.outputs(done, failure, context.signal)) {
      images.push({
        data,
        identityScore: await identityScore(data, first.references, context.signal),
      });
    }
    context.onProgress(0.9);
    return images;
  }

  private inputUrl(key: string, lifeMs: number): Promise<string> {
    return this.options.storage.signedGetUrl(key, {
      origin: this.config.inputOrigin,
      expiresInSeconds: Math.ceil(lifeMs / 1000) + INPUT_URL_SLACK_S,
    });
  }

  private async trainedModels(userId: string, modelIds: string[]): Promise<TrainedModel[]> {
    const rows = await this.options.db
      .selectFrom('models')
      .select(['id', 'trigger_word', 'replicate_version'])
      .where('user_id', '=', userId)
      .where('id', 'in', modelIds)
      .execute();
    return Promise.all(
      modelIds.map(async (id) => {
        const row = rows.find((candidate) => candidate.id === id);
        if (!row?.replicate_version) throw new JobFailure(NOT_TRAINED_HERE);
        const stored = await this.options.storage.read(referencesKey(userId, id));
        const references = stored
          ? (JSON.parse((await readAll(stored.stream)).toString('utf8')) as number[][])
          : [];
        return { weights: row.replicate_version, triggerWord: row.trigger_word, references };
      }),
    );
  }

  /**
   * The Cog job behind our job, to its terminal report. A report already stored (its webhook came
   * while no attempt waited) ends it at once. Otherwise the id is recorded, then PUT: the first
   * time after the health check says a slot is free; again after a restart, which finds the
   * running job. Every slot busy (BUSY, or 409) waits and tries again: the job never fails for
   * it. On the user's cancel the Cog job is canceled too.
   */
  private async run(
    kind: CogKind,
    client: CogClient,
    input: Record<string, unknown>,
    context: EngineContext,
    limits: { timeoutMs: number; timedOut: string; failure: string },
  ): Promise<ProviderJob> {
    const { signal, providerJob } = context;
    const { outcomes } = this.options.service;
    const id = providerJob.jobId;
    let done = await outcomes.find(id);
    if (done) return this.succeeded(kind, done, limits.failure);
    const recorded = (await providerJob.load()) === id;
    if (!recorded) {
      await providerJob.save(id).catch((error: unknown) => {
        throw new TransientJobError(INTERRUPTED_RETRYING, { cause: error });
      });
    }
    const body = {
      input,
      webhook: this.options.service.webhookFor(id),
      webhook_events_filter: ['completed'],
    };
    try {
      const started = await this.dispatch(
        kind,
        client,
        id,
        body,
        signal,
        !recorded,
        limits.failure,
      );
      done = await this.settle(kind, client, started, context, limits);
    } catch (error) {
      if (signal.aborted && (await providerJob.wasCanceled())) {
        await client.cancel(kind, id).catch((cancel: unknown) => {
          this.options.log.warn({ err: cancel, [kind]: id }, 'Cog cancel failed');
        });
      }
      throw error;
    }
    return this.succeeded(kind, done, limits.failure);
  }

  private succeeded(kind: CogKind, done: ProviderJob, failure: string): ProviderJob {
    if (done.status === 'succeeded') return done;
    if (kind === 'training' && done.status === 'canceled') throw new JobFailure(CANCELED_FAILURE);
    this.options.log.warn({ [kind]: done.id, error: done.error }, `Cog ${kind} ${done.status}`);
    throw new JobFailure(failure);
  }

  /** PUT until a slot takes it; `checkHealth` first for a job no earlier attempt sent. */
  private async dispatch(
    kind: CogKind,
    client: CogClient,
    id: string,
    body: Record<string, unknown>,
    signal: AbortSignal,
    checkHealth: boolean,
    failure: string,
  ): Promise<CogJob> {
    let wait = Math.min(BUSY_FIRST_WAIT_MS, this.config.busyRetryMaxMs);
    for (;;) {
      const health = checkHealth
        ? await this.call('health check', failure, signal, () => client.health(signal))
        : 'READY';
      if (health === 'READY') {
        try {
          return await client.put(kind, id, body, signal);
        } catch (error) {
          if (httpStatus(error) !== 409) throw this.mapped(`${kind} start`, failure, signal, error);
        }
      } else if (health !== 'BUSY' && health !== 'STARTING') {
        this.options.log.error({ [kind]: id, health }, 'Cog container unusable');
        throw new TransientJobError(SERVICE_UNAVAILABLE);
      }
      // Every slot busy (or still setting up): the job stays running and tries again.
      await sleep(wait, undefined, { signal });
      wait = Math.min(wait * 2, this.config.busyRetryMaxMs);
      checkHealth = true;
    }
  }

  /**
   * Waits for the webhook's report: this process wakes at once, another process's report is read
   * from the table every few seconds. The timeout counts from the container's start of the job.
   */
  private async settle(
    kind: CogKind,
    client: CogClient,
    started: CogJob,
    { signal }: EngineContext,
    { timeoutMs, timedOut }: { timeoutMs: number; timedOut: string },
  ): Promise<ProviderJob> {
    const { outcomes } = this.options.service;
    const since = Date.parse(started.started_at ?? started.created_at ?? '');
    const deadline = (Number.isNaN(since) ? Date.now() : since) + timeoutMs;
    for (;;) {
      signal.throwIfAborted();
      const reported = await outcomes.find(started.id);
      if (reported) return reported;
      if (Date.now() >= deadline) {
        await client.cancel(kind, started.id).catch(() => false);
        throw new JobFailure(timedOut);
      }
      const wait = Math.min(OUTCOME_CHECK_MS, deadline - Date.now());
      await outcomes.nextReport(started.id, Math.max(0, wait), signal);
    }
  }

  /** The output files: stored by the webhook (data URLs) or uploaded by the container (URLs). */
  private async outputs(
    done: ProviderJob,
    failure: string,
    signal: AbortSignal,
  ): Promise<{ data: Buffer; contentType: string }[]> {
    // A trainer answers with its weights file, or with Cog's TrainingOutput object `{ weights }`.
    const output = weightsOf(done.output) ?? done.output;
    const values = Array.isArray(output) ? (output as unknown[]) : [output];
    if (values.length === 0) values.push(undefined);
    return Promise.all(
      values.map(async (value) => {
        if (isStoredOutput(value)) {
          const stored = await this.options.storage.read(value.stored);
          if (stored) return { data: await readAll(stored.stream), contentType: value.contentType };
        } else if (typeof value === 'string' && /^https?:/.test(value)) {
          const response = await this.call('output download', failure, signal, async () => {
            const fetched = await fetch(value, { signal });
            if (!fetched.ok) {
              throw Object.assign(new Error(`GET output: ${fetched.status}`), {
                response: fetched,
              });
            }
            return fetched;
          });
          const contentType = response.headers.get('content-type') ?? 'application/octet-stream';
          return { data: Buffer.from(await response.arrayBuffer()), contentType };
        }
        this.options.log.error({ job: done.id, output: value }, 'Cog job has no file');
        throw new JobFailure(failure);
      }),
    );
  }

  private async call<T>(
    what: string,
    failure: string,
    signal: AbortSignal,
    run: () => Promise<T>,
  ): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw this.mapped(what, failure, signal, error);
    }
  }

  /** Transient errors are retried with backoff; anything else fails the job with `failure`. */
  private mapped(what: string, failure: string, signal: AbortSignal, error: unknown): unknown {
    if (signal.aborted || error instanceof JobFailure || error instanceof TransientJobError) {
      return error;
    }
    if (isTransient(error)) return new TransientJobError(SERVICE_UNAVAILABLE, { cause: error });
    this.options.log.error({ err: error }, `Cog ${what} failed`);
    return new JobFailure(failure, { cause: error });
  }
}
