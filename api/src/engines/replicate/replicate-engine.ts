import { GENERATE_TEXT, HD_TEXT } from '@app/shared/spec';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { parseProgressFromLogs, type Prediction, type Training } from 'replicate';
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
import { asPng } from '../../media/enlarge';
import { keepUnpainted } from '../../media/keep-unpainted';
import type { Storage } from '../../storage/storage';
import type {
  EditRequest,
  Engine,
  EngineContext,
  EngineImage,
  GenerateRequest,
  PreviewRequest,
  ProviderJobRecord,
  TrainRequest,
  TrainResult,
} from '../engine';
import { faceReferences, identityScore } from '../identity-score';
import { reviewPhotos, type FaceReview } from '../photo-review';
import { readAll } from '../read-all';
import { isTerminal, type ProviderJob } from './outcomes';
import { previewInstruction } from './preview-instruction';
import { destinationName, httpStatus, type ReplicateService } from './replicate-service';
import { withTrainingZip } from './training-zip';

/**
 * A Replicate job waits on the provider, not on our cores: more may run at once than on the
 * CPU engine. Per kind, across every process on the database. Photo checks detect faces in the
 * face thread (cpu/face-worker.ts) whichever engine trains.
 */
export const REPLICATE_ENGINE_LIMITS: KindLimits = {
  train: 5,
  generate: 4,
  edit: 4,
  'check-photo': 1,
  'delete-account': 1,
  hd: 4,
  // A training's previews all at once: together they are its first pictures.
  preview: 4,
};
/** Jobs one worker runs at once with Replicate selected (most of them just wait). */
export const REPLICATE_WORKER_CONCURRENCY = 8;

/** How often a waiting job reads the outcomes a webhook in another process may have stored. */
const OUTCOME_CHECK_MS = 2_000;
/**
 * Destination models only hold the trained LoRA versions; running one uses the base model's
 * hardware, so the cheapest SKU is enough for the destination itself.
 */
const DESTINATION_HARDWARE = 'cpu';
/** A preview's shape: a portrait, like the model's first pack. */
const PREVIEW_ASPECT_RATIO = '3:4';
/** FLUX.1 Kontext's most permissive setting with an input image (its documented maximum). */
const PREVIEW_SAFETY_TOLERANCE = 2;
const VERSION = /^([\w.-]+)\/([\w.-]+):(\w+)$/;
/**
 * The search for a provider job an earlier attempt started stops at ones created this long
 * before our job: allowance for the two clocks, which only ever differ by moments.
 */
const CLOCK_SKEW_MS = 60_000;
/** The webhook URL's query parameter that carries our job id (see `webhookFor`). */
const JOB_PARAMETER = 'job';

/** The reference descriptors of a model's usable photos: identity scores compare against them. */
const referencesKey = (userId: string, modelId: string) =>
  `users/${userId}/models/${modelId}/references.json`;

/**
 * What a provider job runs: a version (trainings, trained models, pinned community models) or an
 * official model by name, whose predictions show no version ("hidden").
 */
type Target = { version: string } | { model: string };

const runs = (job: Training | Prediction, target: Target): boolean =>
  'version' in target ? job.version === target.version : job.model === target.model;

/** The trigger words the prompt lacks go first: a LoRA only shows its person when named. */
function withTriggerWords(prompt: string, triggerWords: readonly string[]): string {
  const words = new Set(prompt.toLowerCase().split(/[^\p{L}\p{N}_]+/u));
  const missing = triggerWords.filter((word) => !words.has(word.toLowerCase()));
  return missing.length === 0 ? prompt : `${missing.join(', ')}, ${prompt}`;
}

/** `extra_lora` names a Replicate version as `owner/name/version`. */
function loraReference(version: string): string {
  const [, owner, name, id] = VERSION.exec(version) ?? [];
  return `${owner}/${name}/${id}`;
}

/** Our job id in a provider job's webhook URL, or null (no webhook, or not one of ours). */
function jobOfWebhook(webhook: string | undefined): string | null {
  if (!webhook || !URL.canParse(webhook)) return null;
  return new URL(webhook).searchParams.get(JOB_PARAMETER);
}

/** Rate limits, 5xx and network errors pass; anything else (auth, bad input) will not. */
function isTransient(error: unknown): boolean {
  const status = httpStatus(error);
  if (status === undefined) return !(error instanceof JobFailure);
  return status === 429 || status >= 500;
}

interface TrainedModel {
  version: string;
  triggerWord: string;
  references: number[][];
}

export interface ReplicateEngineOptions {
  service: ReplicateService;
  db: Kysely<Database>;
  storage: Storage;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

/**
 * The production engine: FLUX LoRA trainings (`ostris/flux-dev-lora-trainer`) and generations
 * on Replicate through the official client. Every provider job's id is recorded on our job
 * before waiting, so a restart resumes it; and our job id rides in its webhook URL, so a restart
 * that finds no id recorded (the process died in between) finds the provider job at Replicate
 * instead of paying for another. The wait ends on the signed webhook (stored in
 * `replicate_outcomes`, announced in this process) or on our own poll, whichever comes first.
 * See the engine README.
 */
export class ReplicateEngine implements Engine {
  readonly name = 'replicate';

  constructor(private readonly options: ReplicateEngineOptions) {}

  private get client() {
    return this.options.service.client;
  }

  private get config() {
    return this.options.service.config;
  }

  async train(request: TrainRequest, context: EngineContext): Promise<TrainResult> {
    const { signal, onProgress, providerJob } = context;
    // Checked before anything is paid for; the descriptors make identity scores possible.
    const review = await reviewPhotos(request.photos, {
      signal,
      onProgress: (share) => onProgress(0.1 * share),
    });
    await this.options.storage.put(
      referencesKey(request.userId, request.modelId),
      Buffer.from(JSON.stringify(review.usable.map((usable) => Array.from(usable.descriptor)))),
      'application/json',
    );

    const training = await this.providerJobFor(
      'training',
      { version: this.config.trainer.version },
      context,
      TRAINING_FAILED,
      () => this.startTraining(request, review, providerJob.jobId, signal),
    );

    const done = await this.settle('training', training, context, this.config.trainingTimeoutMs, {
      from: 0.1,
      to: 0.95,
      timedOut: TRAINING_TIMED_OUT,
    });
    if (done.status !== 'succeeded') {
      if (done.status !== 'failed') throw new JobFailure(CANCELED_FAILURE);
      this.options.log.warn({ training: done.id, error: done.error }, 'Replicate training failed');
      throw new JobFailure(TRAINING_FAILED);
    }
    const version = (done.output as { version?: unknown } | null | undefined)?.version;
    if (typeof version !== 'string' || !VERSION.test(version)) {
      this.options.log.error({ training: done.id, output: done.output }, 'training has no version');
      throw new JobFailure(TRAINING_FAILED);
    }
    onProgress(1);
    return { photoIssues: review.issues, providerVersion: version };
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
    const models = await this.trainedModels(request.userId, request.modelIds);
    return this.predict(
      models,
      this.baseInput(request, models, { aspect_ratio: request.aspectRatio, num_outputs: count }),
      context,
      GENERATE_TEXT.generateFailed,
    );
  }

  /** The uploaded image and mask go through the files API (the client uploads Buffers). */
  async edit(request: EditRequest, context: EngineContext): Promise<EngineImage> {
    const models = await this.trainedModels(request.userId, request.modelIds);
    const [image] = await this.predict(
      models,
      this.baseInput(request, models, { image: request.image, mask: request.mask }),
      context,
      GENERATE_TEXT.editFailed,
    );
    return { ...image!, data: await keepUnpainted(request.image, request.mask, image!.data) };
  }

  private baseInput(
    request: GenerateRequest,
    models: TrainedModel[],
    extra: Record<string, unknown>,
  ): Record<string, unknown> {
    const second = models[1];
    return {
      prompt: withTriggerWords(
        request.prompt,
        models.map((model) => model.triggerWord),
      ),
      seed: request.seed,
      num_outputs: 1,
      output_format: 'png',
      ...(second ? { extra_lora: loraReference(second.version) } : {}),
      ...extra,
    };
  }

  /**
   * The provider job behind our job: the one an earlier attempt recorded; else one an earlier
   * attempt started but never recorded (found at Replicate by our job id); else a new one from
   * `start`. Its id is recorded before the caller waits on it.
   */
  private async providerJobFor(
    kind: 'training' | 'prediction',
    target: Target,
    { providerJob, signal }: EngineContext,
    failure: string,
    start: () => Promise<ProviderJob>,
  ): Promise<ProviderJob> {
    const recorded = await providerJob.load();
    if (recorded) {
      return this.call(`${kind} lookup`, failure, signal, () =>
        this.lookUp(kind, recorded, signal),
      );
    }
    const started =
      (await this.call(`${kind} search`, failure, signal, () =>
        this.findStarted(kind, target, providerJob, signal),
      )) ?? (await start());
    await providerJob.save(started.id).catch((error: unknown) => {
      // Not a failure of the job: the next attempt finds this provider job by our job id and
      // adopts it, so nothing is started (or paid for) twice.
      throw error instanceof TransientJobError
        ? error
        : new TransientJobError(INTERRUPTED_RETRYING, { cause: error });
    });
    return started;
  }

  /**
   * The provider job of `target` whose webhook URL names our job, searched newest first through
   * the account's list (cursor pages) down to our job's creation. The list may leave the webhook
   * out (its documented entries do), so a candidate of the right target is fetched whole.
   */
  private async findStarted(
    kind: 'training' | 'prediction',
    target: Target,
    record: ProviderJobRecord,
    signal: AbortSignal,
  ): Promise<ProviderJob | undefined> {
    const oldest = Date.parse(record.jobCreatedAt) - CLOCK_SKEW_MS;
    const pages = this.client.paginate<Training | Prediction>(
      () =>
        kind === 'training'
          ? this.client.trainings.list({ signal })
          : this.client.predictions.list({ signal }),
      { signal },
    );
    for await (const page of pages) {
      for (const listed of page) {
        if (Date.parse(listed.created_at) < oldest) return undefined;
        if (!runs(listed, target)) continue;
        const whole = listed.webhook ? listed : await this.lookUp(kind, listed.id, signal);
        if (jobOfWebhook(whole.webhook) === record.jobId) return whole;
      }
    }
    return undefined;
  }

  private lookUp(
    kind: 'training' | 'prediction',
    id: string,
    signal: AbortSignal,
  ): Promise<Training | Prediction> {
    return kind === 'training'
      ? this.client.trainings.get(id, { signal })
      : this.client.predictions.get(id, { signal });
  }

  /** Our webhook, tagged with our job id: how a provider job is found from ours. */
  private webhookFor(jobId: string): string {
    const url = new URL(this.config.webhookUrl);
    url.searchParams.set(JOB_PARAMETER, jobId);
    return url.href;
  }

  private async startTraining(
    request: TrainRequest,
    review: FaceReview,
    jobId: string,
    signal: AbortSignal,
  ): Promise<ProviderJob> {
    const { owner, trainer, training } = this.config;
    const name = destinationName(request.modelId);
    await this.call('destination model', TRAINING_FAILED, signal, () =>
      this.ensureDestination(name, signal),
    );
    const photos = review.usable.map(({ photo }) => photo);
    const file = await this.call('zip upload', TRAINING_FAILED, signal, () =>
      withTrainingZip(photos, (zip) =>
        this.client.files.create(zip, { modelId: request.modelId }, { signal }),
      ),
    );
    return this.call('training start', TRAINING_FAILED, signal, () =>
      this.client.trainings.create(trainer.owner, trainer.name, trainer.version, {
        destination: `${owner}/${name}`,
        input: {
          input_images: file.urls.get,
          trigger_word: request.triggerWord,
          steps: training.steps,
          lora_rank: training.loraRank,
          learning_rate: training.learningRate,
          resolution: training.resolution,
          autocaption: training.autocaption,
        },
        webhook: this.webhookFor(jobId),
        webhook_events_filter: ['completed'],
        signal,
      }),
    );
  }

  /** An existing model (an earlier attempt made it) is fine. */
  private async ensureDestination(name: string, signal: AbortSignal): Promise<void> {
    const { owner } = this.config;
    try {
      await this.client.models.get(owner, name, { signal });
      return;
    } catch (error) {
      if (httpStatus(error) !== 404) throw error;
    }
    try {
      await this.client.models.create(owner, name, {
        visibility: 'private',
        hardware: DESTINATION_HARDWARE,
        description: 'A person model trained by AI Image Studio',
        signal,
      });
    } catch (error) {
      // Created meanwhile by a concurrent attempt.
      if (httpStatus(error) !== 409) throw error;
    }
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
        return { version: row.replicate_version, triggerWord: row.trigger_word, references };
      }),
    );
  }

  /**
   * The 2× version through the configured upscaler (REPLICATE_UPSCALER_VERSION): its documented
   * inputs are the image (uploaded through the files API, like an edit's) and `scale`.
   */
  async enlarge(image: Buffer, context: EngineContext): Promise<Buffer> {
    const version = this.config.upscalerVersion;
    const done = await this.runPrediction(
      { version },
      { image, scale: 2 },
      context,
      HD_TEXT.failed,
    );
    const output: unknown = Array.isArray(done.output)
      ? (done.output as unknown[])[0]
      : done.output;
    const data = await this.download(done, output, HD_TEXT.failed, context.signal);
    context.onProgress(0.9);
    return asPng(data);
  }

  /**
   * A picture of the person from one photo by the configured zero-shot identity model
   * (REPLICATE_PREVIEW_MODEL, FLUX.1 Kontext [pro] by default), with its documented inputs: an
   * instruction (the pack prompt with "this person" for the trigger word), the photo as
   * `input_image` (through the files API), the aspect ratio, the format, the safety tolerance
   * and the seed. Its output is one image URL.
   */
  async preview(request: PreviewRequest, context: EngineContext): Promise<EngineImage> {
    const failure = GENERATE_TEXT.generateFailed;
    const { model, version } = this.config.previewModel;
    const input = {
      prompt: previewInstruction(request.prompt, request.triggerWord),
      input_image: request.reference,
      aspect_ratio: PREVIEW_ASPECT_RATIO,
      output_format: 'png',
      safety_tolerance: PREVIEW_SAFETY_TOLERANCE,
      seed: request.seed,
    };
    const target = version ? { version } : { model };
    const done = await this.runPrediction(target, input, context, failure);
    const output: unknown = Array.isArray(done.output)
      ? (done.output as unknown[])[0]
      : done.output;
    const data = await asPng(await this.download(done, output, failure, context.signal));
    // Scored like any generated image, against the one photo it was drawn from: the model's
    // references may not exist yet, as the training reviews its photos beside the previews.
    const references = await faceReferences(request.reference, context.signal);
    const score = await identityScore(data, references, context.signal);
    context.onProgress(0.9);
    return { data, identityScore: score };
  }

  private async predict(
    models: TrainedModel[],
    input: Record<string, unknown>,
    context: EngineContext,
    failure: string,
  ): Promise<EngineImage[]> {
    const { signal } = context;
    const [first] = models;
    if (!first) throw new JobFailure(failure);
    const version = VERSION.exec(first.version)?.[3] ?? first.version;
    const done = await this.runPrediction({ version }, input, context, failure);
    const images: EngineImage[] = [];
    const outputs = Array.isArray(done.output) ? (done.output as unknown[]) : [done.output];
    // No output at all fails like an output that is not a file.
    for (const url of outputs.length > 0 ? outputs : [undefined]) {
      const data = await this.download(done, url, failure, signal);
      images.push({ data, identityScore: await identityScore(data, first.references, signal) });
    }
    context.onProgress(0.9);
    return images;
  }

  /** Starts (or resumes) a prediction of `target` and waits for it to succeed. */
  private async runPrediction(
    target: Target,
    input: Record<string, unknown>,
    context: EngineContext,
    failure: string,
  ): Promise<ProviderJob> {
    const { signal, providerJob } = context;
    const prediction = await this.providerJobFor('prediction', target, context, failure, () =>
      this.call('prediction start', failure, signal, () =>
        this.client.predictions.create({
          ...target,
          input,
          webhook: this.webhookFor(providerJob.jobId),
          webhook_events_filter: ['completed'],
          signal,
        }),
      ),
    );

    const done = await this.settle(
      'prediction',
      prediction,
      context,
      this.config.predictionTimeoutMs,
      { from: 0.1, to: 0.8, timedOut: GENERATE_TEXT.takingTooLong },
    );
    if (done.status !== 'succeeded') {
      this.options.log.warn({ prediction: done.id, error: done.error }, 'prediction not succeeded');
      throw new JobFailure(failure);
    }
    return done;
  }

  /** Output URLs are temporary: the bytes are copied into our storage before the job ends. */
  private async download(
    done: ProviderJob,
    url: unknown,
    failure: string,
    signal: AbortSignal,
  ): Promise<Buffer> {
    if (typeof url !== 'string') {
      this.options.log.error(
        { prediction: done.id, output: done.output },
        'prediction has no file',
      );
      throw new JobFailure(failure);
    }
    const response = await this.call('output download', failure, signal, async () => {
      const fetched = await fetch(url, { signal });
      if (!fetched.ok)
        throw Object.assign(new Error(`GET output: ${fetched.status}`), { response: fetched });
      return fetched;
    });
    return Buffer.from(await response.arrayBuffer());
  }

  /**
   * Waits for a provider job's terminal state: the webhook's report (this process wakes at once;
   * another process's report is read from the table every few seconds) or our own poll, every
   * `pollMs`, for the webhook that never came. The timeout counts from the provider's creation
   * time, so it survives restarts. On the user's cancel the provider's job is canceled too.
   */
  private async settle(
    kind: 'training' | 'prediction',
    started: ProviderJob,
    { signal, onProgress, providerJob }: EngineContext,
    timeoutMs: number,
    { from, to, timedOut }: { from: number; to: number; timedOut: string },
  ): Promise<ProviderJob> {
    const { outcomes } = this.options.service;
    const created = Date.parse(started.created_at ?? '');
    const deadline = (Number.isNaN(created) ? Date.now() : created) + timeoutMs;
    let current = started;
    let nextPoll = Date.now() + this.config.pollMs;
    try {
      for (;;) {
        signal.throwIfAborted();
        if (isTerminal(current)) {
          await outcomes.record(current);
          return current;
        }
        const reported = await outcomes.find(current.id);
        if (reported) return reported;
        if (Date.now() >= deadline) {
          await this.cancelAtProvider(kind, current.id);
          throw new JobFailure(timedOut);
        }
        if (Date.now() >= nextPoll) {
          current = await this.poll(kind, current, signal);
          nextPoll = Date.now() + this.config.pollMs;
          const progress = parseProgressFromLogs(current.logs ?? '');
          if (progress) onProgress(from + (to - from) * progress.percentage);
          continue;
        }
        const wait = Math.min(OUTCOME_CHECK_MS, nextPoll - Date.now(), deadline - Date.now());
        await outcomes.nextReport(current.id, Math.max(0, wait), signal);
      }
    } catch (error) {
      if (signal.aborted && (await providerJob.wasCanceled())) {
        await this.cancelAtProvider(kind, current.id);
      }
      throw error;
    }
  }

  /** A failed poll keeps the last state: the next poll (or the webhook) will tell. */
  private async poll(
    kind: 'training' | 'prediction',
    current: ProviderJob,
    signal: AbortSignal,
  ): Promise<ProviderJob> {
    try {
      return await this.lookUp(kind, current.id, signal);
    } catch (error) {
      if (signal.aborted || !isTransient(error)) throw error;
      this.options.log.warn({ err: error, [kind]: current.id }, 'Replicate poll failed');
      return current;
    }
  }

  private async cancelAtProvider(kind: 'training' | 'prediction', id: string): Promise<void> {
    try {
      if (kind === 'training') await this.client.trainings.cancel(id);
      else await this.client.predictions.cancel(id);
    } catch (error) {
      this.options.log.warn({ err: error, [kind]: id }, 'Replicate cancel failed');
    }
  }

  /**
   * One provider call, its errors as the job worker understands them: transient ones are
   * retried with backoff, anything else fails the job with `failure` (details in the log).
   */
  private async call<T>(
    what: string,
    failure: string,
    signal: AbortSignal,
    run: () => Promise<T>,
  ): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (signal.aborted || error instanceof JobFailure) throw error;
      if (isTransient(error)) throw new TransientJobError(SERVICE_UNAVAILABLE, { cause: error });
      this.options.log.error({ err: error }, `Replicate ${what} failed`);
      throw new JobFailure(failure, { cause: error });
    }
  }
}
