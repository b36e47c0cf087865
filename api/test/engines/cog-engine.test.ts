import { API_TEXT, GENERATE_TEXT } from '@app/shared/spec';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRAINING_FAILED } from '../../src/jobs/job-failures';
import { makeTempDir, removeDir } from '../helpers';
import { CogDouble } from '../support/cog-double';
import { startCogStudio, startCogWorker } from '../support/cog-studio';
import { makeAdmin, uploadJpegs } from '../support/fixtures';
import { freePort } from '../support/free-port';
import { newUser, type Studio } from '../support/studio';
import {
  describeProviderEngine,
  finishedJob,
  leaveAsKilled,
  lisaPhotos,
  modelRow,
  providerJobId,
  startTraining,
  until,
  type ProviderHarness,
} from './provider-engine-suite';

async function cogHarness(): Promise<ProviderHarness & { double: CogDouble }> {
  const double = await CogDouble.start();
  let occupied: string | undefined;
  let refusedAt = 0;
  return {
    engine: 'cog',
    double,
    startStudio: (env) => startCogStudio(double, env),
    startWorker: (studio) => startCogWorker(studio),
    trainings: () => double.runsOf('training').length,
    predictions: () => double.runsOf('prediction').length,
    autoFinish: (on) => {
      double.behaviour = { ...double.behaviour, autoFinish: on };
    },
    finish: (id) => double.finish(id),
    canceled: () => double.canceled,
    busy: () => {
      occupied = double.occupy();
      refusedAt = double.requests.length;
      return () => double.release(occupied!);
    },
    // The engine asks /health-check (BUSY) before it PUTs a new job.
    refusedSince: () => double.requests.slice(refusedAt).includes('GET /health-check'),
    close: () => double.close(),
  };
}

describe('Cog engine against the Cog double', () => {
  describeProviderEngine(cogHarness);
});

describe(
  'Cog engine: webhooks, failures, a container that comes and goes',
  { timeout: 120_000 },
  () => {
    let harness: Awaited<ReturnType<typeof cogHarness>>;
    let double: CogDouble;
    let studio: Studio;
    let worker: { stop(): Promise<void> };
    const user = newUser('Lisa Cog');
    let photoIds: string[];
    let readyModel: string;

    beforeAll(async () => {
      harness = await cogHarness();
      double = harness.double;
      studio = await startCogStudio(double, { COG_PREDICTION_TIMEOUT_SECONDS: '2' });
      worker = await startCogWorker(studio);
      await makeAdmin(studio, user);
      photoIds = await uploadJpegs(studio, user, await lisaPhotos());
      const { modelId, jobId } = await startTraining(studio, user, photoIds);
      expect((await finishedJob(studio, user, jobId)).status).toBe('succeeded');
      readyModel = modelId;
    }, 90_000);
    afterAll(async () => {
      await studio.stop();
      await worker.stop();
      await double.close();
    });

    const PUT_PREDICTION = 'PUT /predictions/';
    const generate = () =>
      studio.as(user, 'POST', '/api/generate/text-to-image', {
        json: { prompt: 'portrait', aspect_ratio: '1:1', model_ids: [readyModel] },
      });

    it('refuses a webhook without the token made for its job (400), and takes a good one', async () => {
      const url = `${studio.running.url}/api/webhooks/cog`;
      const post = (query: string, body: unknown) =>
        fetch(`${url}${query}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      const good = new URL(studio.running.app.cog!.webhookFor('some-job'));
      const token = good.searchParams.get('token')!;
      const job = { id: 'some-job', status: 'processing' };
      expect((await post('', job)).status).toBe(400);
      expect((await post(`?job=some-job&token=${token.slice(1)}x`, job)).status).toBe(400);
      expect(
        (await post(`?job=other-job&token=${token}`, { ...job, id: 'other-job' })).status,
      ).toBe(400);
      const wrongBody = await post(`?job=some-job&token=${token}`, {
        id: 'other-job',
        status: 'x',
      });
      expect(wrongBody.status).toBe(400);
      expect(((await wrongBody.json()) as { message: string }).message).toBe(
        API_TEXT.webhookBodyInvalid,
      );
      const taken = await post(`?job=some-job&token=${token}`, job);
      expect(taken.status).toBe(200);
      expect(await taken.json()).toEqual({ received: true });
    });

    it('sends inputs the container can fetch: the photos zip and the weights by signed URL', async () => {
      const training = double.runsOf('training')[0]!;
      expect(String(training.input.input_images)).toMatch(
        new RegExp(`^${studio.running.url}/api/files/users/.+/cog-training\\.zip\\?expires=`),
      );
      // The zip is gone once the training ended: the weights are all a generation needs.
      expect((await fetch(String(training.input.input_images))).status).toBe(404);
      const response = await generate();
      expect((await finishedJob(studio, user, response.body.id)).status).toBe('succeeded');
      const prediction = double.runsOf('prediction').at(-1)!;
      expect(prediction.id).toBe(response.body.id);
      expect(String(prediction.input.lora_weights)).toContain('/cog-weights.safetensors?expires=');
      expect(prediction.input).toMatchObject({ num_outputs: 1, output_format: 'png' });
    });

    it('takes output files uploaded by the container (--upload-url) as well as data URLs', async () => {
      double.behaviour = { ...double.behaviour, files: 'upload' };
      try {
        const response = await generate();
        const job = await finishedJob(studio, user, response.body.id);
        expect(job).toMatchObject({ status: 'succeeded' });
        const report = await studio.running.app.cog!.outcomes.find(response.body.id);
        expect(report?.output).toEqual([expect.stringMatching(/^http:.+\/uploads\/\w+\.png$/)]);
        const [image] = await studio.running.app.db
          .selectFrom('media')
          .select(['identity_score', 'width'])
          .where('job_id', '=', response.body.id)
          .execute();
        expect(image?.width).toBe(512);
        expect(image?.identity_score).toBeGreaterThan(0.4);
      } finally {
        double.behaviour = { ...double.behaviour, files: 'data-url' };
      }
    });

    it('enlarges an image on this server, labelled enlarged: the containers get no job', async () => {
      const response = await generate();
      expect((await finishedJob(studio, user, response.body.id)).status).toBe('succeeded');
      const [image] = await studio.running.app.db
        .selectFrom('media')
        .select(['id', 'width', 'height'])
        .where('job_id', '=', response.body.id)
        .execute();
      const predictions = double.runsOf('prediction').length;
      let hd = await studio.as(user, 'POST', `/api/media/${image!.id}/hd`);
      if (hd.status === 202) {
        await finishedJob(studio, user, hd.body.job.id);
        hd = await studio.as(user, 'POST', `/api/media/${image!.id}/hd`);
      }
      expect(hd.body.hd).toMatchObject({ quality: 'enlarged', ready: true });
      const download = await fetch(hd.body.hd.downloadUrl);
      const meta = await sharp(Buffer.from(await download.arrayBuffer())).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual([
        'png',
        2 * (image?.width ?? 0),
        2 * (image?.height ?? 0),
      ]);
      expect(double.runsOf('prediction')).toHaveLength(predictions);
    });

    it('fails a training the container failed, with a reason for the user', async () => {
      double.behaviour = { ...double.behaviour, failWith: 'CUDA out of memory' };
      try {
        const { modelId, jobId } = await startTraining(studio, user, photoIds);
        expect(await finishedJob(studio, user, jobId)).toMatchObject({
          status: 'failed',
          error: TRAINING_FAILED,
        });
        expect(await modelRow(studio, modelId)).toMatchObject({ status: 'failed' });
      } finally {
        double.behaviour = { ...double.behaviour, failWith: null };
      }
    });

    it('gives up on a slow prediction after the timeout and cancels it in the container', async () => {
      double.behaviour = { ...double.behaviour, autoFinish: false };
      try {
        const response = await generate();
        expect(await finishedJob(studio, user, response.body.id)).toMatchObject({
          status: 'failed',
          error: GENERATE_TEXT.takingTooLong,
        });
        expect(double.canceled).toContain(response.body.id);
      } finally {
        double.behaviour = { ...double.behaviour, autoFinish: true };
      }
    });

    it('waits on a 409 (the last slot went between health check and PUT), then runs the job', async () => {
      // The health check says READY, but another job holds the only slot by the time we PUT.
      double.behaviour = { ...double.behaviour, health: 'READY' };
      const other = double.occupy();
      const before = double.requests.length;
      try {
        // The request waits for its job, which waits for the slot: the container names the job.
        const answer = generate();
        const id = await until('a second PUT of one prediction', async () => {
          const puts = double.requests.slice(before).filter((r) => r.startsWith(PUT_PREDICTION));
          const repeated = puts.find((put, index) => puts.indexOf(put) !== index);
          return repeated?.slice(PUT_PREDICTION.length);
        });
        expect(double.runsOf('prediction').some((run) => run.id === id)).toBe(false);
        double.release(other);
        expect((await answer).body.id).toBe(id);
        expect((await finishedJob(studio, user, id)).status).toBe('succeeded');
        expect(double.runsOf('prediction').filter((run) => run.id === id)).toHaveLength(1);
      } finally {
        double.release(other);
        double.behaviour = { ...double.behaviour, health: null };
      }
    });

    it('waits while the container is still setting up, then runs the job', async () => {
      double.behaviour = { ...double.behaviour, health: 'STARTING' };
      const before = double.requests.length;
      const runs = double.runsOf('prediction').length;
      // The request waits for its job, which waits for the container.
      const answer = generate();
      await until('a health check', async () =>
        double.requests.slice(before).includes('GET /health-check') ? true : undefined,
      );
      expect(double.runsOf('prediction')).toHaveLength(runs);
      double.behaviour = { ...double.behaviour, health: null };
      const response = await answer;
      expect((await finishedJob(studio, user, response.body.id)).status).toBe('succeeded');
    });
  },
);

describe('Cog engine: deleting the account', { timeout: 120_000 }, () => {
  it('deletes the files Cog webhooks kept for the user (images, weights)', async () => {
    const double = await CogDouble.start();
    const studio = await startCogStudio(double);
    const worker = await startCogWorker(studio);
    const user = newUser('Lisa Leaving');
    try {
      await makeAdmin(studio, user);
      const photoIds = await uploadJpegs(studio, user, await lisaPhotos());
      const { modelId, jobId } = await startTraining(studio, user, photoIds);
      expect((await finishedJob(studio, user, jobId)).status).toBe('succeeded');
      const response = await studio.as(user, 'POST', '/api/generate/text-to-image', {
        json: { prompt: 'portrait', aspect_ratio: '1:1', model_ids: [modelId] },
      });
      expect((await finishedJob(studio, user, response.body.id)).status).toBe('succeeded');
      const { storage } = studio.running.app;
      const kept = [`cog-outputs/${jobId}/0`, `cog-outputs/${response.body.id}/0`];
      for (const key of kept) expect(await storage.head(key)).toBeDefined();

      const asked = await studio.as(user, 'POST', '/api/user/deletion', {
        json: { confirm: 'DELETE' },
      });
      expect(asked.status).toBe(202);
      await until('the files gone', async () =>
        (await Promise.all(kept.map((key) => storage.head(key)))).every((file) => !file)
          ? true
          : undefined,
      );
    } finally {
      await studio.stop();
      await worker.stop();
      await double.close();
    }
  });
});

describe(
  'Cog engine: a completion webhook sent while our process was down',
  { timeout: 240_000 },
  () => {
    let double: CogDouble;
    let dataDir: string;
    const user = newUser('Lisa Down');

    beforeAll(async () => {
      double = await CogDouble.start();
      dataDir = await makeTempDir();
    });
    afterAll(async () => {
      await double.close();
      await removeDir(dataDir);
    });

    it("takes the container's retried webhook after the restart: nothing lost, nothing run twice", async () => {
      const port = await freePort();
      const env = { DATA_DIR: dataDir, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` };
      double.behaviour = { ...double.behaviour, autoFinish: false, webhookRetryMs: 200 };
      const first = await startCogStudio(double, env);
      const firstWorker = await startCogWorker(first);
      await makeAdmin(first, user);
      const { modelId, jobId } = await startTraining(
        first,
        user,
        await uploadJpegs(first, user, await lisaPhotos()),
      );
      const trainingId = await providerJobId(first, jobId);
      await until('the training', async () => (double.running.has(trainingId) ? true : undefined));
      await first.stop();
      await firstWorker.stop();

      // The training ends while nothing of ours listens: the webhook is refused, and retried.
      await double.finish(trainingId);
      await until('a refused delivery', async () =>
        double.deliveries.some((d) => d.id === trainingId && d.answer === 'refused')
          ? true
          : undefined,
      );
      const second = await startCogStudio(double, env);
      let stopWorker = (): Promise<void> => Promise.resolve();
      try {
        await until('the retried delivery', async () =>
          double.deliveries.some((d) => d.id === trainingId && d.answer === 200) ? true : undefined,
        );
        await leaveAsKilled(second, jobId);
        const secondWorker = await startCogWorker(second);
        stopWorker = () => secondWorker.stop();
        expect((await finishedJob(second, user, jobId)).status).toBe('succeeded');
        // The stored report ended the next attempt: no second PUT, no second training.
        expect(double.runsOf('training').map((run) => run.id)).toEqual([trainingId]);
        expect(double.requests.filter((r) => r === `PUT /trainings/${trainingId}`)).toHaveLength(1);
        expect(await modelRow(second, modelId)).toMatchObject({ status: 'ready', engine: 'cog' });
      } finally {
        double.behaviour = { ...double.behaviour, autoFinish: true };
        await second.stop();
        await stopWorker();
      }
    });
  },
);
