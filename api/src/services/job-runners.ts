import { createHash } from 'node:crypto';
import { API_TEXT, FILE_TEXT } from '@app/shared/spec';
import type { Kysely } from 'kysely';
import { engineOf, ENGINE_OF_UNNAMED_MODELS } from '../db/model-engine';
import type { Database } from '../db/schema';
import type { Engine, EngineContext, EngineImage, ProviderJobRecord } from '../engines/engine';
import { checkPhoto } from '../engines/photo-review';
import { readAll } from '../engines/read-all';
import { JobFailure } from '../jobs/job-failures';
import { promptsOf, type Job, type JobInputs, type JobOutcome } from '../jobs/queue';
import type { JobContext, JobRunners } from '../jobs/worker';
import { maskAtPhotoSize } from '../media/mask-at-photo-size';
import { processImage } from '../media/pipeline';
import { mediaKeys } from '../storage/keys';
import type { Storage } from '../storage/storage';
import type { MediaService } from './media';

/**
 * Engine output is our own PNG, not an upload: the cap only guards memory (an edit keeps the
 * uploaded image's size, and a PNG of a 10 MB JPEG is several times larger).
 */
const GENERATED_MAX_BYTES = 64 * 1024 * 1024;

/** What every image an engine makes is checked against before it is stored. */
const GENERATED_IMAGE_RULES = {
  maxBytes: GENERATED_MAX_BYTES,
  tooLargeMessage: FILE_TEXT.tooLarge,
  allowedTypes: ['png'],
  typeMessage: FILE_TEXT.singleImageTypeNotAllowed,
} as const;

/** Stable across retries of one job, so a re-run after a crash draws the same image. */
export function seedOf(jobId: string): number {
  return createHash('sha256').update(jobId).digest().readUInt32LE(0) & 0x7fffffff;
}

const engineUnavailable = (name: string): string =>
  `This model was trained by the "${name}" image engine, which this server does not run.`;

/** An image an engine made, with the seed and prompt it was made from. */
interface MadeImage {
  image: EngineImage;
  seed: number;
  prompt: string;
}

/**
 * A generation's images: every prompt's `count`, from consecutive seeds (the built-in engine
 * leads each with another of the model's photos). A single image is one `generate` call with
 * the job's seed, as it always was.
 */
async function generateAll(
  job: Job<'generate'>,
  engine: Engine,
  contextOf: (part: number, parts: number) => EngineContext,
): Promise<MadeImage[]> {
  const base = seedOf(job.id);
  const count = job.input.count ?? 1;
  const batched = count > 1 && engine.generateMany !== undefined;
  const calls = promptsOf(job.input).flatMap((prompt, index) =>
    batched
      ? [{ prompt, seed: base + index * count, count }]
      : Array.from({ length: count }, (_, image) => ({
          prompt,
          seed: base + index * count + image,
          count: 1,
        })),
  );
  const images: MadeImage[] = [];
  for (const [part, call] of calls.entries()) {
    const request = { userId: job.userId, ...job.input, prompt: call.prompt, seed: call.seed };
    const callContext = contextOf(part, calls.length);
    const made =
      call.count > 1 && engine.generateMany
        ? await engine.generateMany(request, call.count, callContext)
        : [await engine.generate(request, callContext)];
    made.forEach((image, index) =>
      images.push({ image, seed: call.seed + index, prompt: call.prompt }),
    );
  }
  return images;
}

/** A job's call `part` at the provider (a pack run makes one per prompt) and its tag there. */
function providerJobRecord(
  db: Kysely<Database>,
  { id, createdAt }: Job,
  part: number,
): ProviderJobRecord {
  return {
    jobId: part === 0 ? id : `${id}.${part}`,
    jobCreatedAt: createdAt,
    load: async () =>
      (
        await db
          .selectFrom('provider_calls')
          .select('provider_job_id')
          .where('job_id', '=', id)
          .where('part', '=', part)
          .executeTakeFirst()
      )?.provider_job_id ?? null,
    save: async (providerJobId) => {
      await db
        .insertInto('provider_calls')
        .values({ job_id: id, part, provider_job_id: providerJobId })
        .onConflict((conflict) =>
          conflict.columns(['job_id', 'part']).doUpdateSet({ provider_job_id: providerJobId }),
        )
        .execute();
    },
    wasCanceled: async () =>
      (await db.selectFrom('jobs').select('status').where('id', '=', id).executeTakeFirst())
        ?.status === 'canceled',
  };
}

/**
 * A generated image's 2× version, on the engine that made it: its capabilities say whether that
 * is HD or enlarged. Once stored, a retry finds it and ends.
 */
async function makeHd(
  job: Job<'hd'>,
  { storage, media }: Pick<RunnerServices, 'storage' | 'media'>,
  engines: ReadonlyMap<string, Engine>,
  context: EngineContext,
): Promise<JobOutcome<'hd'>> {
  const row = await media.findOwned(job.userId, job.input.mediaId);
  if (!row || row.status !== 'ready') throw new JobFailure(API_TEXT.imageNotFound);
  if (row.hd_bytes !== null) return { output: [row.id] };
  const name = row.engine ?? ENGINE_OF_UNNAMED_MODELS;
  const engine = engines.get(name);
  if (!engine) throw new JobFailure(engineUnavailable(name));
  const stored = await storage.read(mediaKeys(row.user_id, row.id).original);
  if (!stored) throw new JobFailure(API_TEXT.imageNotFound);
  await media.storeHd(row, await engine.enlarge(await readAll(stored.stream), context));
  return { output: [row.id] };
}

/**
 * One preview of a model in training, stored as a generated image marked as its preview. The
 * training never waits on it or hears of it: a model no longer training (ready, failed, deleted)
 * gets none, and a failure only ends this job.
 */
async function makePreview(
  job: Job<'preview'>,
  { db, storage, media }: RunnerServices,
  engines: ReadonlyMap<string, Engine>,
  context: EngineContext,
): Promise<JobOutcome<'preview'>> {
  const { modelId, engine: name, prompt, referencePhotoId } = job.input;
  const model = await db
    .selectFrom('models')
    .select(['status', 'trigger_word'])
    .where('id', '=', modelId)
    .where('user_id', '=', job.userId)
    .executeTakeFirst();
  if (model?.status !== 'training') return { output: [] };
  // An earlier attempt stored it before its end was recorded.
  const earlier = await db.selectFrom('media').select('id').where('job_id', '=', job.id).execute();
  if (earlier[0]) return { output: [earlier[0].id] };
  const engine = engines.get(name);
  if (!engine?.preview) throw new JobFailure(engineUnavailable(name));
  const stored = await storage.read(mediaKeys(job.userId, referencePhotoId).original);
  if (!stored) return { output: [] };
  const seed = seedOf(job.id);
  const image = await engine.preview(
    { prompt, triggerWord: model.trigger_word, reference: await readAll(stored.stream), seed },
    context,
  );
  const processed = await processImage(image.data, GENERATED_IMAGE_RULES);
  const row = await media.create(job.userId, processed, {
    type: 'generated',
    filename: `preview-${job.id.slice(0, 8)}.png`,
    prompt,
    mode: 'text-to-image',
    jobId: job.id,
    seed,
    modelIds: [modelId],
    engine: engine.name,
    identityScore: image.identityScore,
    previewOf: modelId,
  });
  return { output: [row.id] };
}

/** What the runners read and write besides the engines. */
interface RunnerServices {
  db: Kysely<Database>;
  storage: Storage;
  media: MediaService;
}

/** The job's images as gallery rows, in order; an earlier attempt's stored ones are kept. */
async function storeImages(
  { db, media }: Pick<RunnerServices, 'db' | 'media'>,
  job: Job<'generate' | 'edit'>,
  input: Pick<JobInputs['generate'], 'aspectRatio' | 'modelIds'>,
  images: readonly MadeImage[],
  engine: Engine,
): Promise<string[]> {
  const earlier = await db
    .selectFrom('media')
    .select('id')
    .where('job_id', '=', job.id)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const ids = earlier.map((row) => row.id);
  for (const [index, { image, seed, prompt }] of images.entries()) {
    if (index < ids.length) continue;
    const name = images.length > 1 ? `${job.id.slice(0, 8)}-${index + 1}` : job.id.slice(0, 8);
    const processed = await processImage(image.data, GENERATED_IMAGE_RULES);
    const row = await media.create(job.userId, processed, {
      type: 'generated',
      filename: `${job.kind}-${name}.png`,
      prompt,
      aspectRatio: input.aspectRatio,
      mode: job.kind === 'edit' ? 'edit' : 'text-to-image',
      jobId: job.id,
      seed,
      modelIds: input.modelIds,
      engine: engine.name,
      identityScore: image.identityScore,
    });
    ids.push(row.id);
  }
  return ids;
}

/**
 * Jobs to engine calls: reads the inputs from storage, hands them to the engine and stores what
 * it returns, each image as a gallery media row of type 'generated'. New trainings run on
 * `trainWith`; a generation or edit runs on the engine that trained its models (`trainWith` or
 * one of `others`), so models keep working after the operator switches engines. An uploaded
 * training photo's check runs here; its face detection in the face thread (cpu/face-worker.ts).
 */
export function jobRunners(
  { db, storage, media }: RunnerServices,
  trainWith: Engine,
  others: readonly Engine[] = [],
): JobRunners {
  const engines = new Map([...others, trainWith].map((engine) => [engine.name, engine]));

  /** Call `part` of `parts`: its progress is its share of the job's. */
  const engineContext = (
    job: Job,
    { signal, reportProgress }: JobContext,
    part = 0,
    parts = 1,
  ): EngineContext => ({
    signal,
    onProgress: (progress) => reportProgress((part + progress) / parts),
    providerJob: providerJobRecord(db, job, part),
  });

  async function engineFor(job: Job, modelIds: readonly string[]): Promise<Engine> {
    const models = await db
      .selectFrom('models')
      .select('engine')
      .where('user_id', '=', job.userId)
      .where('id', 'in', [...modelIds])
      .execute();
    if (models.length !== modelIds.length) throw new JobFailure(API_TEXT.modelNotFound);
    const names = new Set(models.map(engineOf));
    // GenerationService.check refuses such a selection; a job queued before that check existed, or one
    // whose model was retrained on another engine while it waited, still ends here.
    if (names.size > 1) throw new JobFailure(API_TEXT.modelsOfDifferentEngines);
    const [name = ENGINE_OF_UNNAMED_MODELS] = names;
    const engine = engines.get(name);
    if (!engine) throw new JobFailure(engineUnavailable(name));
    return engine;
  }

  async function readFile(key: string): Promise<Buffer> {
    const stored = await storage.read(key);
    if (!stored) throw new Error(`missing input file ${key}`);
    return readAll(stored.stream);
  }

  return {
    'check-photo': async (job, { signal }) => {
      // Deleted since it was uploaded: nothing left to check.
      const photo = await media.findOwned(job.userId, job.input.mediaId);
      const stored =
        photo?.status === 'ready'
          ? await storage.read(mediaKeys(job.userId, photo.id).original)
          : undefined;
      if (!stored) return { output: [], details: { problem: null } };
      const { problem, score } = await checkPhoto(await readAll(stored.stream), signal);
      return { output: [], details: { problem, score } };
    },
    train: async (job, context) => {
      const photos = await media.findManyOwned(job.userId, job.input.photoIds);
      const ordered = job.input.photoIds.flatMap((id) => photos.filter((photo) => photo.id === id));
      const inputs = await Promise.all(
        ordered.map(async (photo) => ({
          id: photo.id,
          filename: photo.filename,
          data: await readFile(mediaKeys(job.userId, photo.id).original),
        })),
      );
      const { photoIssues, providerVersion } = await trainWith.train(
        {
          userId: job.userId,
          modelId: job.input.modelId,
          triggerWord: job.input.triggerWord,
          photos: inputs,
        },
        engineContext(job, context),
      );
      // The model service stores these with the model's new status (its train completion).
      return {
        output: [],
        details: { engine: trainWith.name, photoIssues, providerVersion: providerVersion ?? null },
      };
    },
    generate: async (job, context) => {
      const engine = await engineFor(job, job.input.modelIds);
      const images = await generateAll(job, engine, (part, parts) =>
        engineContext(job, context, part, parts),
      );
      return { output: await storeImages({ db, media }, job, job.input, images, engine) };
    },
    edit: async (job, context) => {
      const seed = seedOf(job.id);
      const engine = await engineFor(job, job.input.modelIds);
      const [image, drawn] = await Promise.all([
        readFile(job.input.imageKey),
        readFile(job.input.maskKey),
      ]);
      const mask = await maskAtPhotoSize(image, drawn);
      const { prompt, aspectRatio, modelIds } = job.input;
      const edited = await engine.edit(
        { userId: job.userId, prompt, aspectRatio, modelIds, seed, image, mask },
        engineContext(job, context),
      );
      const made = [{ image: edited, seed, prompt }];
      return { output: await storeImages({ db, media }, job, job.input, made, engine) };
    },
    hd: async (job, context) =>
      makeHd(job, { storage, media }, engines, engineContext(job, context)),
    preview: async (job, context) =>
      makePreview(job, { db, storage, media }, engines, engineContext(job, context)),
  };
}
