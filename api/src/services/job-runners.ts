import { createHash } from 'node:crypto';
import { API_TEXT, FILE_TEXT } from '@app/shared/spec';
import type { Kysely } from 'kysely';
import { engineOf, ENGINE_OF_UNNAMED_MODELS } from '../db/model-engine';
import type { Database } from '../db/schema';
import type { Engine, EngineContext, EngineImage, ProviderJobRecord } from '../engines/engine';
import { checkPhoto } from '../engines/photo-review';
import { readAll } from '../engines/read-all';
import { JobFailure } from '../jobs/job-failures';
import type { Job, JobInputs } from '../jobs/queue';
import type { JobContext, JobRunners } from '../jobs/worker';
import { processImage } from '../media/pipeline';
import { mediaKeys } from '../storage/keys';
import type { Storage } from '../storage/storage';
import type { MediaService } from './media';

/**
 * Engine output is our own PNG, not an upload: the cap only guards memory (an edit keeps the
 * uploaded image's size, and a PNG of a 10 MB JPEG is several times larger).
 */
const GENERATED_MAX_BYTES = 64 * 1024 * 1024;

/** Stable across retries of one job, so a re-run after a crash draws the same image. */
export function seedOf(jobId: string): number {
  return createHash('sha256').update(jobId).digest().readUInt32LE(0) & 0x7fffffff;
}

const engineUnavailable = (name: string): string =>
  `This model was trained by the "${name}" image engine, which this server does not run.`;

/** What the runners read and write besides the engines. */
interface RunnerServices {
  db: Kysely<Database>;
  storage: Storage;
  media: MediaService;
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

  function providerJobRecord({ id: jobId, createdAt }: Job): ProviderJobRecord {
    const row = () =>
      db
        .selectFrom('jobs')
        .select(['provider_job_id', 'status'])
        .where('id', '=', jobId)
        .executeTakeFirst();
    return {
      jobId,
      jobCreatedAt: createdAt,
      load: async () => (await row())?.provider_job_id ?? null,
      save: async (providerJobId) => {
        await db
          .updateTable('jobs')
          .set({ provider_job_id: providerJobId })
          .where('id', '=', jobId)
          .execute();
      },
      wasCanceled: async () => (await row())?.status === 'canceled',
    };
  }

  const engineContext = (job: Job, { signal, reportProgress }: JobContext): EngineContext => ({
    signal,
    onProgress: reportProgress,
    providerJob: providerJobRecord(job),
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

  async function storeImage(
    job: Job<'generate' | 'edit'>,
    input: JobInputs['generate'],
    image: EngineImage,
    seed: number,
    engine: Engine,
  ): Promise<string[]> {
    // An attempt that crashed after storing its image has already done the work.
    const earlier = await db
      .selectFrom('media')
      .select('id')
      .where('job_id', '=', job.id)
      .execute();
    if (earlier.length > 0) return earlier.map((row) => row.id);
    const processed = await processImage(image.data, {
      maxBytes: GENERATED_MAX_BYTES,
      tooLargeMessage: FILE_TEXT.tooLarge,
      allowedTypes: ['png'],
      typeMessage: FILE_TEXT.singleImageTypeNotAllowed,
    });
    const row = await media.create(job.userId, processed, {
      type: 'generated',
      filename: `${job.kind}-${job.id.slice(0, 8)}.png`,
      prompt: input.prompt,
      aspectRatio: input.aspectRatio,
      mode: job.kind === 'edit' ? 'edit' : 'text-to-image',
      jobId: job.id,
      seed,
      modelIds: input.modelIds,
      engine: engine.name,
      identityScore: image.identityScore,
    });
    return [row.id];
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
      const problem = await checkPhoto(await readAll(stored.stream), signal);
      return { output: [], details: { problem } };
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
      const seed = seedOf(job.id);
      const engine = await engineFor(job, job.input.modelIds);
      const image = await engine.generate(
        { userId: job.userId, ...job.input, seed },
        engineContext(job, context),
      );
      return { output: await storeImage(job, job.input, image, seed, engine) };
    },
    edit: async (job, context) => {
      const seed = seedOf(job.id);
      const engine = await engineFor(job, job.input.modelIds);
      const [image, mask] = await Promise.all([
        readFile(job.input.imageKey),
        readFile(job.input.maskKey),
      ]);
      const { prompt, aspectRatio, modelIds } = job.input;
      const edited = await engine.edit(
        { userId: job.userId, prompt, aspectRatio, modelIds, seed, image, mask },
        engineContext(job, context),
      );
      return {
        output: await storeImage(job, { prompt, aspectRatio, modelIds }, edited, seed, engine),
      };
    },
  };
}
