import { packPrompts, PACKS } from '@app/shared/packs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaKeys } from '../../src/storage/keys';
import { readAll } from '../../src/engines/read-all';
import { previewInstruction } from '../../src/engines/replicate/preview-instruction';
import { makeAdmin, uploadJpegs, userIdOf } from '../support/fixtures';
import { PREVIEW_MODEL, ReplicateDouble, type DoubleJob } from '../support/replicate-double';
import { startReplicateStudio, startReplicateWorker } from '../support/replicate-studio';
import { newUser, startStudio, type Studio } from '../support/studio';
import type { TestUser } from '../support/tokens';
import { finishedJob, lisaPhotos, startTraining, until } from './provider-engine-suite';

let photos: { data: Buffer; filename: string }[];
beforeAll(async () => {
  photos = await lisaPhotos();
}, 60_000);

async function jobsOf(studio: Studio, modelId: string, kind: string) {
  return studio.running.app.db
    .selectFrom('jobs')
    .selectAll()
    .where('model_id', '=', modelId)
    .where('kind', '=', kind)
    .orderBy('created_at')
    .execute();
}

/** Every upload's face check has ended (they run on the worker). */
async function photosChecked(studio: Studio, ids: readonly string[]): Promise<void> {
  await until('the photo checks', async () => {
    const pending = await studio.running.app.db
      .selectFrom('media')
      .select('id')
      .where('id', 'in', [...ids])
      .where('photo_check', '=', 'pending')
      .execute();
    return pending.length === 0 ? true : undefined;
  });
}

const previewPredictions = (double: ReplicateDouble): DoubleJob[] =>
  double.predictions().filter((job) => job.model === PREVIEW_MODEL.model);

async function triggerWordOf(studio: Studio, modelId: string): Promise<string> {
  const model = await studio.running.app.db
    .selectFrom('models')
    .select('trigger_word')
    .where('id', '=', modelId)
    .executeTakeFirstOrThrow();
  return model.trigger_word;
}

async function previewsInRow(studio: Studio, user: TestUser, modelId: string) {
  const profile = await studio.as(user, 'GET', '/api/user');
  const model = (
    profile.body.models as { modelId: string; status: string; previews: unknown[] }[]
  ).find((item) => item.modelId === modelId);
  return model;
}

describe('Replicate previews while a model trains', { timeout: 90_000 }, () => {
  let double: ReplicateDouble;
  let studio: Studio;
  let worker: { stop(): Promise<void> };
  const user = newUser('Lisa Previews');
  const other = newUser('Olga Other');
  let photoIds: string[];

  beforeAll(async () => {
    double = await ReplicateDouble.start();
    studio = await startReplicateStudio(double, {
      REPLICATE_POLL_SECONDS: '0.3',
      REPLICATE_PREVIEWS: 'true',
    });
    worker = await startReplicateWorker(studio);
    await makeAdmin(studio, user);
    photoIds = await uploadJpegs(studio, user, photos);
    await photosChecked(studio, photoIds);
  }, 60_000);
  afterAll(async () => {
    await studio.stop();
    await worker.stop();
    await double.close();
  });

  it('queues 4 previews from the first pack, drawn from the best-reviewed photo, shown in the row and the gallery before the model is ready', async () => {
    // The third photo has the most face to learn from; the first two fail their check.
    const db = studio.running.app.db;
    await db.updateTable('media').set({ photo_score: 200 }).where('id', 'in', photoIds).execute();
    await db
      .updateTable('media')
      .set({ photo_score: 900 })
      .where('id', '=', photoIds[2]!)
      .execute();
    await db
      .updateTable('media')
      .set({ photo_check: 'too-blurry', photo_score: 5000 })
      .where('id', '=', photoIds[0]!)
      .execute();
    // The training waits at Replicate until the test finishes it.
    double.behaviour = { ...double.behaviour, trainingMs: 600_000 };
    const { modelId, jobId } = await startTraining(studio, user, photoIds);

    const queued = await jobsOf(studio, modelId, 'preview');
    const [pack] = PACKS;
    const triggerWord = await triggerWordOf(studio, modelId);
    const prompts = packPrompts(pack!, triggerWord).slice(0, 4);
    expect(queued.map((job) => JSON.parse(job.input) as Record<string, string>)).toEqual(
      prompts.map((prompt) => ({
        modelId,
        engine: 'replicate',
        prompt,
        referencePhotoId: photoIds[2],
      })),
    );

    const row = await until('four previews in the model row', async () => {
      const model = await previewsInRow(studio, user, modelId);
      return model?.previews.length === 4 ? model : undefined;
    });
    expect(row.status).toBe('training');
    // Each opens large: the web-size image beside the thumbnail, with its likeness.
    for (const preview of row.previews as {
      thumbnailUrl: string;
      displayUrl: string;
      likeness: unknown;
    }[]) {
      expect(preview.displayUrl).toEqual(expect.any(String));
      expect(preview.displayUrl).not.toBe(preview.thumbnailUrl);
      expect(preview.likeness).toEqual({ score: expect.any(Number), verdict: 'looks-like-you' });
    }
    const live = await studio.as(user, 'GET', '/api/user/training-status');
    // The same pictures; each answer signs its URLs anew (a second later, another expiry).
    const unsigned = (previews: unknown[] | undefined) =>
      (previews as Record<string, unknown>[] | undefined)?.map((preview) =>
        Object.fromEntries(
          Object.entries(preview).map(([key, value]) => [
            key,
            typeof value === 'string' ? value.split('?')[0] : value,
          ]),
        ),
      );
    expect(
      unsigned(
        (live.body.models as { modelId: string; previews: unknown[] }[]).find(
          (item) => item.modelId === modelId,
        )?.previews,
      ),
    ).toEqual(unsigned(row.previews));
    expect((await studio.as(user, 'GET', `/api/generate/status/${jobId}`)).body.status).toBe(
      'running',
    );
    // Each prediction ran FLUX.1 Kontext by name, with an instruction naming "this person" and
    // the reference photo's own bytes as its input image.
    const reference = await studio.running.app.storage.read(
      mediaKeys(await userIdOf(studio, user), photoIds[2]!).original,
    );
    const referenceBytes = await readAll(reference!.stream);
    const sent = previewPredictions(double);
    expect(sent).toHaveLength(4);
    expect(double.requests).toContain(`POST /v1/models/${PREVIEW_MODEL.model}/predictions`);
    expect(sent.map((prediction) => prediction.input.prompt).sort()).toEqual(
      prompts.map((prompt) => previewInstruction(prompt, triggerWord)).sort(),
    );
    for (const prediction of sent) {
      expect(prediction.version).toBe('hidden');
      expect(prediction.input).toMatchObject({
        aspect_ratio: '3:4',
        output_format: 'png',
        safety_tolerance: 2,
      });
      expect(typeof prediction.output).toBe('string');
      const url = String(prediction.input.input_image);
      const face = await fetch(url, { headers: { authorization: 'Bearer r8_test_double' } });
      expect(Buffer.from(await face.arrayBuffer()).equals(referenceBytes)).toBe(true);
    }

    const gallery = await studio.as(user, 'GET', '/api/media?type=generated&includeUrls=true');
    const previews = (
      gallery.body.items as { preview: boolean; modelIds: string[]; likeness: unknown }[]
    ).filter((item) => item.preview);
    expect(previews).toHaveLength(4);
    expect(previews.every((item) => item.modelIds[0] === modelId)).toBe(true);
    // Scored against the photo they were drawn from (the double's previews are that photo, cut
    // to 3:4): each carries its likeness like any generated image.
    for (const preview of previews) {
      expect(preview.likeness).toEqual({ score: expect.any(Number), verdict: 'looks-like-you' });
    }

    // Another user sees none of them.
    const theirs = await studio.as(other, 'GET', '/api/media?type=generated');
    expect(theirs.body.items).toEqual([]);
    const previewId = (row.previews[0] as { imageId: string }).imageId;
    expect((await studio.as(other, 'GET', `/api/media/${previewId}`)).status).toBe(404);
    expect((await studio.as(other, 'GET', `/api/image/${previewId}`)).status).toBe(404);

    // The training ends as it always does: the row shows the ready model, no previews.
    const training = await until('the training at Replicate', async () =>
      double.trainings().at(-1),
    );
    await double.finish(training.id);
    expect((await finishedJob(studio, user, jobId)).status).toBe('succeeded');
    const ready = await previewsInRow(studio, user, modelId);
    expect(ready).toMatchObject({ status: 'ready', previews: [] });
  });

  it('a preview that fails ends only itself: the training succeeds and costs nothing more', async () => {
    double.behaviour = { ...double.behaviour, previewsFailWith: 'CUDA out of memory' };
    const trainingsBefore = double.trainings().length;
    const { modelId, jobId } = await startTraining(studio, user, photoIds);

    const failed = await until('the previews to fail', async () => {
      const jobs = await jobsOf(studio, modelId, 'preview');
      return jobs.length === 4 && jobs.every((job) => job.status === 'failed') ? jobs : undefined;
    });
    expect(previewPredictions(double).filter((job) => job.status === 'failed')).toHaveLength(4);
    expect(failed[0]?.error).toBeTruthy();
    const training = await until('the training at Replicate', async () =>
      double.trainings().length > trainingsBefore ? double.trainings().at(-1) : undefined,
    );
    expect((await previewsInRow(studio, user, modelId))?.status).toBe('training');
    await double.finish(training.id);
    expect((await finishedJob(studio, user, jobId)).status).toBe('succeeded');
    expect(await previewsInRow(studio, user, modelId)).toMatchObject({
      status: 'ready',
      failureReason: null,
    });
    expect(double.trainings().length - trainingsBefore).toBe(1);
  });

  for (const earlier of ['made', 'still running'] as const) {
    it(`a training retried after it failed queues no more previews (earlier ones ${earlier})`, async () => {
      double.behaviour = {
        ...double.behaviour,
        previewsFailWith: null,
        trainingsFailWith: 'training diverged',
        trainingMs: 600_000,
        previewMs: earlier === 'made' ? 150 : 600_000,
      };
      const trainingsBefore = double.trainings().length;
      const { modelId, jobId } = await startTraining(studio, user, photoIds);
      await until('four previews', async () => {
        const jobs = await jobsOf(studio, modelId, 'preview');
        const wanted = earlier === 'made' ? 'succeeded' : 'running';
        return jobs.length === 4 && jobs.every((job) => job.status === wanted) ? jobs : undefined;
      });
      const failing = await until('the training at Replicate', async () =>
        double.trainings().length > trainingsBefore ? double.trainings().at(-1) : undefined,
      );
      const predictionsBefore = previewPredictions(double).length;
      await double.finish(failing.id);
      expect((await finishedJob(studio, user, jobId)).status).toBe('failed');

      double.behaviour = { ...double.behaviour, trainingsFailWith: null };
      const retried = await studio.as(user, 'POST', `/api/user/models/${modelId}/retry`);
      expect(retried.status).toBe(202);
      // The retry's training reaches Replicate: every job the retry queued has been picked up.
      await until('the retried training at Replicate', async () =>
        double.trainings().length > trainingsBefore + 1 ? true : undefined,
      );
      expect(await jobsOf(studio, modelId, 'preview')).toHaveLength(4);
      expect(previewPredictions(double)).toHaveLength(predictionsBefore);
      if (earlier === 'still running') {
        // The earlier previews still arrive, for the model that trains again.
        for (const prediction of previewPredictions(double).slice(-4)) {
          await double.finish(prediction.id);
        }
        const row = await until('the previews in the row', async () => {
          const model = await previewsInRow(studio, user, modelId);
          return model?.previews.length === 4 ? model : undefined;
        });
        expect(row.status).toBe('training');
      }
      await double.finish(double.trainings().at(-1)!.id);
      expect((await finishedJob(studio, user, retried.body.job.id as string)).status).toBe(
        'succeeded',
      );
    });
  }
});

describe('previews switched off', { timeout: 60_000 }, () => {
  it('are not queued when REPLICATE_PREVIEWS is false', async () => {
    const double = await ReplicateDouble.start();
    const studio = await startReplicateStudio(double, { REPLICATE_PREVIEWS: 'false' });
    try {
      const user = newUser('Otto Off');
      const photoIds = await uploadJpegs(studio, user, photos);
      const { modelId } = await startTraining(studio, user, photoIds);
      expect(await jobsOf(studio, modelId, 'train')).toHaveLength(1);
      expect(await jobsOf(studio, modelId, 'preview')).toEqual([]);
    } finally {
      await studio.stop();
      await double.close();
    }
  });
});

describe('the built-in engine', { timeout: 60_000 }, () => {
  let studio: Studio;
  const user = newUser('Bea Builtin');

  beforeAll(async () => {
    studio = await startStudio();
  });
  afterAll(async () => {
    await studio.stop();
  });

  it('queues no previews with its trainings', async () => {
    const photoIds = await uploadJpegs(studio, user, photos);
    const { modelId } = await startTraining(studio, user, photoIds);
    expect(await jobsOf(studio, modelId, 'train')).toHaveLength(1);
    expect(await jobsOf(studio, modelId, 'preview')).toEqual([]);
  });
});
