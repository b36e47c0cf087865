import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANCELED_FAILURE } from '../../src/jobs/job-failures';
import { makeTempDir, removeDir } from '../helpers';
import { readAll } from '../../src/engines/read-all';
import { mediaKeys } from '../../src/storage/keys';
import { makeAdmin, uploadJpegs, userIdOf } from '../support/fixtures';
import { freePort } from '../support/free-port';
import { smallSubjectPhoto } from '../support/images';
import { newUser, type Studio } from '../support/studio';
import type { TestUser } from '../support/tokens';

/**
 * One provider engine and its contract double, as the shared suite drives them. Counts and ids
 * are of the provider's jobs for our jobs (a job someone else started is not counted).
 */
export interface ProviderHarness {
  engine: 'replicate' | 'cog';
  /** The app pointed at the double (`env` on top), and the job worker over its engines. */
  startStudio(env?: Record<string, string>): Promise<Studio>;
  startWorker(studio: Studio): Promise<{ stop(): Promise<void> }>;
  trainings(): number;
  predictions(): number;
  /** false: provider jobs wait for `finish`. */
  autoFinish(on: boolean): void;
  finish(providerJobId: string): Promise<void>;
  canceled(): readonly string[];
  /**
   * Makes the provider refuse new work as busy (Cog: every slot taken until the returned release
   * is called; Replicate: one 429).
   */
  busy(): () => void;
  /** Whether the provider has been asked for new work since `busy()` (and refused it). */
  refusedSince(): boolean;
  close(): Promise<void>;
}

const LISA = ['01.jpg', '02.jpg', '03.jpg', '04.jpg', '05.jpg'];

/** A cap, not a wait: trainings take seconds, longer when other suites share the cores. */
export async function until<T>(
  what: string,
  check: () => Promise<T | undefined>,
  ms = 60_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = await check();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function startTraining(studio: Studio, user: TestUser, photoIds: string[]) {
  const started = await studio.as(user, 'POST', '/api/media/start-training', {
    json: { modelName: `M ${randomUUID().slice(0, 4)}`, triggerWord: '', photoIds },
  });
  expect(started.status).toBe(202);
  return { modelId: started.body.modelId as string, jobId: started.body.job.id as string };
}

export async function finishedJob(studio: Studio, user: TestUser, jobId: string, ms?: number) {
  return until(
    `job ${jobId}`,
    async () => {
      const job = await studio.as(user, 'GET', `/api/generate/status/${jobId}`);
      return ['succeeded', 'failed', 'canceled'].includes(job.body.status) ? job.body : undefined;
    },
    ms,
  );
}

export async function modelRow(studio: Studio, id: string) {
  return studio.running.app.db
    .selectFrom('models')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

export async function providerJobId(studio: Studio, jobId: string): Promise<string> {
  return until('the provider job id', async () => {
    const row = await studio.running.app.db
      .selectFrom('provider_calls')
      .select('provider_job_id')
      .where('job_id', '=', jobId)
      .where('part', '=', 0)
      .executeTakeFirst();
    return row?.provider_job_id ?? undefined;
  });
}

/** The user's newest job, as stored. */
async function newestJob(studio: Studio, user: TestUser) {
  return studio.running.app.db
    .selectFrom('jobs')
    .innerJoin('users', 'users.id', 'jobs.user_id')
    .select(['jobs.id', 'jobs.status'])
    .where('users.identity_sub', '=', user.sub)
    .orderBy('jobs.created_at', 'desc')
    .executeTakeFirstOrThrow();
}

async function jobRow(studio: Studio, jobId: string) {
  return studio.running.app.db
    .selectFrom('jobs')
    .select(['status', 'attempts'])
    .where('id', '=', jobId)
    .executeTakeFirstOrThrow();
}

export async function lisaPhotos() {
  return Promise.all(
    LISA.map(async (filename) => ({
      data: await smallSubjectPhoto('lisa_debruine', filename),
      filename,
    })),
  );
}

/**
 * What a killed process leaves behind: the job running under a lease nobody renews. The next
 * worker's sweep re-queues it and its next attempt runs.
 */
export async function leaveAsKilled(studio: Studio, jobId: string): Promise<void> {
  await studio.running.app.db
    .updateTable('jobs')
    .set({
      status: 'running',
      lease_owner: 'worker-killed',
      attempts: 1,
      lease_expires_at: new Date(Date.now() - 1000).toISOString(),
      run_after: new Date().toISOString(),
    })
    .where('id', '=', jobId)
    .execute();
}

/**
 * The engine suite every provider engine passes against its double: train, generate (several
 * images in one provider job), edit, the user's cancel, a busy provider, and a restart that finds
 * the provider's job still running and adopts it instead of paying for another.
 */
export function describeProviderEngine(makeHarness: () => Promise<ProviderHarness>): void {
  let photos: { data: Buffer; filename: string }[];
  beforeAll(async () => {
    photos = await lisaPhotos();
  }, 60_000);

  describe('train, generate, edit, cancel, busy', { timeout: 90_000 }, () => {
    let harness: ProviderHarness;
    let studio: Studio;
    let worker: { stop(): Promise<void> };
    const user = newUser('Lisa Suite');
    let photoIds: string[];
    let readyModel: string;

    beforeAll(async () => {
      harness = await makeHarness();
      studio = await harness.startStudio();
      worker = await harness.startWorker(studio);
      await makeAdmin(studio, user);
      photoIds = await uploadJpegs(studio, user, photos);
    }, 60_000);
    afterAll(async () => {
      await studio.stop();
      await worker.stop();
      await harness.close();
    });

    it('trains a model on the provider, and says new trainings run there', async () => {
      const { modelId, jobId } = await startTraining(studio, user, photoIds);
      expect((await finishedJob(studio, user, jobId)).status).toBe('succeeded');
      expect(harness.trainings()).toBe(1);
      expect(await modelRow(studio, modelId)).toMatchObject({
        status: 'ready',
        engine: harness.engine,
      });
      const profile = await studio.as(user, 'GET', '/api/user');
      expect(profile.body).toMatchObject({ trainingEngine: harness.engine });
      readyModel = modelId;
    });

    it('generates several images in one provider job: real PNGs of the person', async () => {
      const before = harness.predictions();
      const response = await studio.as(user, 'POST', '/api/generate/text-to-image', {
        json: { prompt: 'portrait', aspect_ratio: '4:5', model_ids: [readyModel], count: 3 },
      });
      const job = await finishedJob(studio, user, response.body.id);
      expect(job.status).toBe('succeeded');
      expect(job.output).toHaveLength(3);
      expect(harness.predictions()).toBe(before + 1);
      const rows = await studio.running.app.db
        .selectFrom('media')
        .select(['engine', 'identity_score', 'width', 'height'])
        .where('job_id', '=', response.body.id)
        .execute();
      expect(rows).toHaveLength(3);
      for (const row of rows) {
        expect(row).toMatchObject({ engine: harness.engine, width: 512, height: 640 });
        // A crop of one of the training photos: the same person.
        expect(row.identity_score).toBeGreaterThan(0.4);
      }
    });

    it('edits an image: the masked region changes, the rest stays', async () => {
      const image = await sharp({
        create: { width: 256, height: 256, channels: 3, background: '#3060c0' },
      })
        .png()
        .toBuffer();
      // Drawn at half the photo's size, as a phone draws the mask of a photo larger than its
      // canvas: it marks the middle 128 × 128 of the photo.
      const mask = await sharp({
        create: { width: 128, height: 128, channels: 3, background: '#000000' },
      })
        .composite([
          {
            input: await sharp({
              create: { width: 64, height: 64, channels: 3, background: '#ffffff' },
            })
              .png()
              .toBuffer(),
            left: 32,
            top: 32,
          },
        ])
        .png()
        .toBuffer();
      const form = new FormData();
      form.set('prompt', 'a red scarf');
      form.set('aspect_ratio', '1:1');
      form.set('model_ids', JSON.stringify([readyModel]));
      form.set('image', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'me.png');
      form.set('mask', new Blob([new Uint8Array(mask)], { type: 'image/png' }), 'mask.png');
      const response = await studio.as(user, 'POST', '/api/generate/edit-image', { body: form });
      expect([200, 202]).toContain(response.status);
      const job = await finishedJob(studio, user, response.body.id);
      expect(job.status).toBe('succeeded');
      expect(job.output).toHaveLength(1);
      const key = mediaKeys(await userIdOf(studio, user), job.output[0]).original;
      const stored = await studio.running.app.storage.read(key);
      const { data, info } = await sharp(await readAll(stored!.stream))
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      // The upload's size, whatever size the model answered at.
      expect([info.width, info.height]).toEqual([256, 256]);
      const pixel = (x: number, y: number) => [
        ...data.subarray((y * 256 + x) * 3, (y * 256 + x) * 3 + 3),
      ];
      // Unpainted: the upload's own blue, next to the mask's edge too; painted: the model's.
      for (const [x, y] of [
        [0, 0],
        [255, 255],
        [63, 128],
        [128, 192],
      ] as const)
        expect(pixel(x, y)).toEqual([0x30, 0x60, 0xc0]);
      for (const [x, y] of [
        [128, 128],
        [66, 66],
        [189, 189],
      ] as const)
        expect(pixel(x, y)).not.toEqual([0x30, 0x60, 0xc0]);
    });

    it("cancels the provider's training when the user cancels", async () => {
      harness.autoFinish(false);
      try {
        const { modelId, jobId } = await startTraining(studio, user, photoIds);
        const providerId = await providerJobId(studio, jobId);
        await until('the provider job', async () => (harness.trainings() === 2 ? true : undefined));
        const canceled = await studio.as(user, 'POST', `/api/generate/cancel/${jobId}`);
        expect(canceled.status).toBe(200);
        await until('the provider cancel', async () =>
          harness.canceled().includes(providerId) ? true : undefined,
        );
        expect(await modelRow(studio, modelId)).toMatchObject({
          status: 'failed',
          failure_reason: CANCELED_FAILURE,
        });
      } finally {
        harness.autoFinish(true);
      }
    });

    it('keeps a job waiting, never failed, while the provider is busy', async () => {
      const before = harness.predictions();
      const release = harness.busy();
      let released = false;
      try {
        // The request waits for its job: while the provider refuses, the job is read from the
        // database.
        const answer = studio.as(user, 'POST', '/api/generate/text-to-image', {
          json: { prompt: 'portrait', aspect_ratio: '1:1', model_ids: [readyModel] },
        });
        await until('a busy answer', async () => (harness.refusedSince() ? true : undefined));
        const waiting = await newestJob(studio, user);
        expect(waiting.status).not.toBe('failed');
        release();
        released = true;
        const jobId = (await answer).body.id as string;
        expect(jobId).toBe(waiting.id);
        expect((await finishedJob(studio, user, jobId)).status).toBe('succeeded');
        expect(harness.predictions()).toBe(before + 1);
      } finally {
        if (!released) release();
      }
    });
  });

  describe('a restart while the provider works', { timeout: 240_000 }, () => {
    let harness: ProviderHarness;
    let dataDir: string;
    const user = newUser('Lisa Restart');

    beforeAll(async () => {
      harness = await makeHarness();
      dataDir = await makeTempDir();
    });
    afterAll(async () => {
      await harness.close();
      await removeDir(dataDir);
    });

    it("adopts the provider's running training instead of starting another", async () => {
      // The same address after the restart: the provider's webhook still names the first one.
      const port = await freePort();
      const env = { DATA_DIR: dataDir, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` };
      harness.autoFinish(false);
      const first = await harness.startStudio(env);
      const firstWorker = await harness.startWorker(first);
      await makeAdmin(first, user);
      const { modelId, jobId } = await startTraining(
        first,
        user,
        await uploadJpegs(first, user, photos),
      );
      const providerId = await providerJobId(first, jobId);
      await until('the provider job', async () => (harness.trainings() === 1 ? true : undefined));
      await first.stop();
      await firstWorker.stop();

      const second = await harness.startStudio(env);
      let stopWorker = (): Promise<void> => Promise.resolve();
      try {
        await leaveAsKilled(second, jobId);
        const secondWorker = await harness.startWorker(second);
        stopWorker = () => secondWorker.stop();
        await until('the resumed attempt', async () => {
          const row = await jobRow(second, jobId);
          return row.status === 'running' && row.attempts === 2 ? true : undefined;
        });
        await harness.finish(providerId);
        expect((await finishedJob(second, user, jobId)).status).toBe('succeeded');
        expect(harness.trainings()).toBe(1);
        expect(harness.canceled()).toEqual([]);
        expect(await modelRow(second, modelId)).toMatchObject({
          status: 'ready',
          engine: harness.engine,
        });
      } finally {
        harness.autoFinish(true);
        await second.stop();
        await stopWorker();
      }
    });
  });
}
