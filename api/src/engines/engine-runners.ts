import { createHash } from 'node:crypto';
import { FILE_TEXT } from '@app/shared/spec';
import type { FastifyInstance } from 'fastify';
import type { Job, JobInputs } from '../jobs/queue';
import type { JobContext, JobRunners } from '../jobs/worker';
import { processImage } from '../media/pipeline';
import { mediaKeys } from '../services/media';
import type { Engine, EngineContext, EngineImage } from './engine';
import { readAll } from './read-all';

/**
 * Engine output is our own PNG, not an upload: the cap only guards memory (an edit keeps the
 * uploaded image's size, and a PNG of a 10 MB JPEG is several times larger).
 */
const GENERATED_MAX_BYTES = 64 * 1024 * 1024;

/** Stable across retries of one job, so a re-run after a crash draws the same image. */
export function seedOf(jobId: string): number {
  return createHash('sha256').update(jobId).digest().readUInt32LE(0) & 0x7fffffff;
}

const engineContext = ({ signal, reportProgress }: JobContext): EngineContext => ({
  signal,
  onProgress: reportProgress,
});

/**
 * Jobs to engine calls: reads the inputs from storage, hands them to the engine and stores what
 * it returns, each image as a gallery media row of type 'generated'.
 */
export function engineRunners(app: FastifyInstance, engine: Engine): JobRunners {
  async function readFile(key: string): Promise<Buffer> {
    const stored = await app.storage.read(key);
    if (!stored) throw new Error(`missing input file ${key}`);
    return readAll(stored.stream);
  }

  async function storeImage(
    job: Job<'generate' | 'edit'>,
    input: JobInputs['generate'],
    image: EngineImage,
    seed: number,
  ): Promise<string[]> {
    // An attempt that crashed after storing its image has already done the work.
    const earlier = await app.db
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
    const row = await app.media.create(job.userId, processed, {
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
    train: async (job, context) => {
      const photos = await app.media.findManyOwned(job.userId, job.input.photoIds);
      const ordered = job.input.photoIds.flatMap((id) => photos.filter((photo) => photo.id === id));
      const inputs = await Promise.all(
        ordered.map(async (photo) => ({
          id: photo.id,
          filename: photo.filename,
          data: await readFile(mediaKeys(job.userId, photo.id).original),
        })),
      );
      const { photoIssues } = await engine.train(
        {
          userId: job.userId,
          modelId: job.input.modelId,
          triggerWord: job.input.triggerWord,
          photos: inputs,
        },
        engineContext(context),
      );
      await app.db
        .updateTable('models')
        .set({ photo_issues: JSON.stringify(photoIssues) })
        .where('id', '=', job.input.modelId)
        .execute();
      return [];
    },
    generate: async (job, context) => {
      const seed = seedOf(job.id);
      const image = await engine.generate(
        { userId: job.userId, ...job.input, seed },
        engineContext(context),
      );
      return storeImage(job, job.input, image, seed);
    },
    edit: async (job, context) => {
      const seed = seedOf(job.id);
      const [image, mask] = await Promise.all([
        readFile(job.input.imageKey),
        readFile(job.input.maskKey),
      ]);
      const { prompt, aspectRatio, modelIds } = job.input;
      const edited = await engine.edit(
        { userId: job.userId, prompt, aspectRatio, modelIds, seed, image, mask },
        engineContext(context),
      );
      return storeImage(job, { prompt, aspectRatio, modelIds }, edited, seed);
    },
  };
}
