import { randomUUID } from 'node:crypto';
import { API_TEXT, GENERATE_TEXT } from '@app/shared/spec';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CpuEngine } from '../../src/engines/cpu/cpu-engine';
import type { Engine, EngineContext } from '../../src/engines/engine';
import { TRAINING_FAILED } from '../../src/jobs/job-failures';
import { makeTempDir, removeDir } from '../helpers';
import { makeAdmin, uploadJpegs, userIdOf } from '../support/fixtures';
import { smallSubjectPhoto } from '../support/images';
import { ReplicateDouble, type DoubleJob } from '../support/replicate-double';
import { startReplicateStudio, startReplicateWorker } from '../support/replicate-studio';
import {
  describeProviderEngine,
  finishedJob,
  modelRow as model,
  providerJobId,
  startTraining,
  until,
  type ProviderHarness,
} from './provider-engine-suite';
import { newUser, type Studio } from '../support/studio';
import type { TestUser } from '../support/tokens';

const LISA = ['01.jpg', '02.jpg', '03.jpg', '04.jpg', '05.jpg'];
let lisaPhotos: { data: Buffer; filename: string }[];

const upload = (studio: Studio, user: TestUser) => uploadJpegs(studio, user, lisaPhotos);

async function attempts(studio: Studio, jobId: string): Promise<number> {
  const row = await studio.running.app.db
    .selectFrom('jobs')
    .select('attempts')
    .where('id', '=', jobId)
    .executeTakeFirstOrThrow();
  return row.attempts;
}

// Decoding the portraits takes seconds on a loaded 2-core machine: more than vitest's 10 s default.
beforeAll(async () => {
  lisaPhotos = await Promise.all(
    LISA.map(async (filename) => ({
      data: await smallSubjectPhoto('lisa_debruine', filename),
      filename,
    })),
  );
}, 60_000);

async function replicateHarness(): Promise<ProviderHarness> {
  const double = await ReplicateDouble.start();
  let busy = { status: 429, count: 0 };
  return {
    engine: 'replicate',
    startStudio: (env) => startReplicateStudio(double, { REPLICATE_POLL_SECONDS: '0.3', ...env }),
    startWorker: (studio) => startReplicateWorker(studio),
    trainings: () => double.trainings().length,
    predictions: () => double.predictions().length,
    autoFinish: (on) => {
      double.behaviour = { ...double.behaviour, autoFinish: on };
    },
    finish: async (id) => {
      await double.finish(id);
    },
    canceled: () => double.canceled,
    // One rate limit (429): the job's next attempt, after the worker's backoff, gets through.
    // A longer one would use up the job's attempts: Replicate has no busy state to wait on.
    busy: () => {
      busy = { status: 429, count: 1 };
      double.behaviour = { ...double.behaviour, refusePosts: busy };
      return () => undefined;
    },
    refusedSince: () => busy.count === 0,
    close: () => double.close(),
  };
}

describe('Replicate engine against the Replicate double', () => {
  describeProviderEngine(replicateHarness);
});

describe('Replicate engine: webhooks, polls, failures, cancel', { timeout: 60_000 }, () => {
  let double: ReplicateDouble;
  let studio: Studio;
  let worker: { stop(): Promise<void> };
  const user = newUser('Lisa Webhooks');
  let photoIds: string[];
  let readyModel: string;

  // A whole training (uploads, their checks, the provider's answers): more than vitest's 10 s hook
  // default when the suite shares a loaded 2-core machine, as in CI.
  beforeAll(async () => {
    double = await ReplicateDouble.start();
    studio = await startReplicateStudio(double, {
      REPLICATE_POLL_SECONDS: '0.3',
      REPLICATE_PREDICTION_TIMEOUT_SECONDS: '2',
    });
    worker = await startReplicateWorker(studio);
    await makeAdmin(studio, user);
    photoIds = await upload(studio, user);
    const { modelId, jobId } = await startTraining(studio, user, photoIds);
    expect((await finishedJob(studio, user, jobId)).status).toBe('succeeded');
    readyModel = modelId;
  }, 60_000);
  afterAll(async () => {
    await studio.stop();
    await worker.stop();
    await double.close();
  });

  const generate = (modelIds = [readyModel]) =>
    studio.as(user, 'POST', '/api/generate/text-to-image', {
      json: { prompt: 'portrait', aspect_ratio: '1:1', model_ids: modelIds },
    });

  it('tells the client that new trainings run on Replicate (its dialog says how long)', async () => {
    const profile = await studio.as(user, 'GET', '/api/user');
    expect(profile.body).toMatchObject({ trainingEngine: 'replicate' });
  });

  it('refuses unsigned, badly signed and stale webhooks with 400, and takes a good one', async () => {
    const url = `${studio.running.url}/api/webhooks/replicate`;
    const body = JSON.stringify({ id: 'unknown-training', status: 'processing' });
    const now = Math.floor(Date.now() / 1000);
    const post = (headers: Record<string, string>) =>
      fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
      });
    const signed = (at: number, secret?: string) => ({
      'webhook-id': 'msg_1',
      'webhook-timestamp': String(at),
      'webhook-signature': double.sign('msg_1', at, body, secret),
    });

    expect((await post({})).status).toBe(400);
    const wrongKey = `whsec_${Buffer.from('another secret').toString('base64')}`;
    expect((await post(signed(now, wrongKey))).status).toBe(400);
    expect((await post({ ...signed(now), 'webhook-id': 'msg_2' })).status).toBe(400);
    expect((await post(signed(now - 6 * 60))).status).toBe(400);
    expect((await post(signed(now + 6 * 60))).status).toBe(400);
    const good = await post(signed(now));
    expect(good.status).toBe(200);
    expect(await good.json()).toEqual({ received: true });

    // Signed, but not a training or prediction: still the sender's mistake.
    for (const other of ['not json', JSON.stringify({ id: 7 })]) {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'webhook-id': 'msg_3',
          'webhook-timestamp': String(now),
          'webhook-signature': double.sign('msg_3', now, other),
        },
        body: other,
      });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toBe(
        API_TEXT.webhookBodyInvalid,
      );
    }
  });

  it('keeps the first terminal report: duplicates and a late "processing" change nothing', async () => {
    double.behaviour = { ...double.behaviour, deliveries: 3 };
    const response = await generate();
    double.behaviour = { ...double.behaviour, deliveries: 1 };
    const job = await finishedJob(studio, user, response.body.id);
    expect(job).toMatchObject({ status: 'succeeded' });
    expect(job.output).toHaveLength(1);
    const prediction = double.predictions().at(-1) as DoubleJob;
    await until('three deliveries', async () =>
      double.deliveries.filter((delivery) => delivery.jobId === prediction.id).length === 3
        ? true
        : undefined,
    );
    expect(
      double.deliveries.filter((delivery) => delivery.jobId === prediction.id).map((d) => d.answer),
    ).toEqual([200, 200, 200]);

    // Delivered out of order, after the job is done.
    expect(await double.deliver({ ...prediction, status: 'processing', output: null })).toBe(200);
    const outcomes = await studio.running.app.db
      .selectFrom('replicate_outcomes')
      .selectAll()
      .where('id', '=', prediction.id)
      .execute();
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['succeeded']);
    const media = await studio.running.app.db
      .selectFrom('media')
      .select('id')
      .where('job_id', '=', response.body.id)
      .execute();
    expect(media).toHaveLength(1);
  });

  it('finishes a training whose webhook never came through the reconciliation poll', async () => {
    double.behaviour = { ...double.behaviour, webhooks: 'drop' };
    try {
      const { modelId, jobId } = await startTraining(studio, user, photoIds);
      expect((await finishedJob(studio, user, jobId)).status).toBe('succeeded');
      const training = double.trainings().at(-1) as DoubleJob;
      expect(double.deliveries.some((delivery) => delivery.jobId === training.id)).toBe(false);
      expect(double.requests).toContain(`GET /v1/trainings/${training.id}`);
      expect(await model(studio, modelId)).toMatchObject({ status: 'ready', engine: 'replicate' });
    } finally {
      double.behaviour = { ...double.behaviour, webhooks: 'deliver' };
    }
  });

  it('fails a training the provider failed, with a reason for the user', async () => {
    double.behaviour = { ...double.behaviour, failWith: 'CUDA out of memory' };
    try {
      const { modelId, jobId } = await startTraining(studio, user, photoIds);
      expect(await finishedJob(studio, user, jobId)).toMatchObject({
        status: 'failed',
        error: TRAINING_FAILED,
      });
      expect(await model(studio, modelId)).toMatchObject({
        status: 'failed',
        failure_reason: TRAINING_FAILED,
      });
    } finally {
      double.behaviour = { ...double.behaviour, failWith: null };
    }
  });

  it("maps a failed prediction to the spec's message", async () => {
    double.behaviour = { ...double.behaviour, failWith: 'NSFW content detected' };
    try {
      const response = await generate();
      expect(await finishedJob(studio, user, response.body.id)).toMatchObject({
        status: 'failed',
        error: GENERATE_TEXT.generateFailed,
      });
    } finally {
      double.behaviour = { ...double.behaviour, failWith: null };
    }
  });

  it('fails a generation the provider refuses (422) with the spec message, at once', async () => {
    const predictions = double.predictions().length;
    double.behaviour = { ...double.behaviour, refusePosts: { status: 422, count: 1 } };
    const response = await generate();
    expect(await finishedJob(studio, user, response.body.id)).toMatchObject({
      status: 'failed',
      error: GENERATE_TEXT.generateFailed,
    });
    expect(await attempts(studio, response.body.id)).toBe(1);
    expect(double.predictions()).toHaveLength(predictions);
  });

  it('retries a training when the provider is briefly unavailable (503)', async () => {
    const trainings = double.trainings().length;
    double.behaviour = { ...double.behaviour, refusePosts: { status: 503, count: 1 } };
    const { modelId, jobId } = await startTraining(studio, user, photoIds);
    // Two attempts with the worker's 5 s backoff between them, each reviewing the photos: ~11 s
    // alone, over 20 s when the whole suite loads both cores.
    expect((await finishedJob(studio, user, jobId, 50_000)).status).toBe('succeeded');
    expect(await attempts(studio, jobId)).toBe(2);
    expect(double.trainings()).toHaveLength(trainings + 1);
    expect(await model(studio, modelId)).toMatchObject({ status: 'ready' });
  });

  it('gives up on a slow prediction after the timeout and cancels it at the provider', async () => {
    double.behaviour = { ...double.behaviour, predictionMs: 10_000 };
    try {
      const response = await generate();
      expect(await finishedJob(studio, user, response.body.id)).toMatchObject({
        status: 'failed',
        error: GENERATE_TEXT.takingTooLong,
      });
      const prediction = double.predictions().at(-1) as DoubleJob;
      expect(double.canceled).toContain(prediction.id);
      expect(prediction.status).toBe('canceled');
    } finally {
      double.behaviour = { ...double.behaviour, predictionMs: 150 };
    }
  });

  it('keeps generating with a model the CPU engine trained, and refuses to mix engines (400)', async () => {
    const { app } = studio.running;
    const userId = await userIdOf(studio, user);
    const cpuModel = randomUUID();
    const now = new Date().toISOString();
    await app.db
      .insertInto('models')
      .values({
        id: cpuModel,
        user_id: userId,
        name: 'On the CPU',
        trigger_word: 'cpu',
        status: 'ready',
        position: 99,
        failure_reason: null,
        created_at: now,
        updated_at: now,
        photo_issues: null,
        engine: 'builtin-cpu',
        replicate_version: null,
      })
      .execute();
    await new CpuEngine(app.storage).train(
      {
        userId,
        modelId: cpuModel,
        triggerWord: 'cpu',
        photos: lisaPhotos.map((photo) => ({ id: photo.filename, ...photo })),
      },
      { signal: new AbortController().signal, onProgress: () => undefined },
    );
    const predictions = double.predictions().length;

    const onCpu = await generate([cpuModel]);
    const done = await finishedJob(studio, user, onCpu.body.id);
    expect(done.status).toBe('succeeded');
    const [image] = await app.db
      .selectFrom('media')
      .select('engine')
      .where('id', '=', done.output[0])
      .execute();
    expect(image?.engine).toBe('builtin-cpu');
    expect(double.predictions()).toHaveLength(predictions);

    // A client mistake, answered at once on every route that takes models; no job is queued.
    const jobs = async () =>
      (await app.db.selectFrom('jobs').select('id').where('user_id', '=', userId).execute()).length;
    const before = await jobs();
    const refused = { message: API_TEXT.modelsOfDifferentEngines };
    const mixed = await generate([readyModel, cpuModel]);
    expect(mixed.status).toBe(400);
    expect(mixed.body).toMatchObject(refused);
    const legacy = await studio.as(user, 'POST', '/api/generate', {
      json: { prompt: 'portrait', aspect_ratio: '1:1', model_ids: [cpuModel, readyModel] },
    });
    expect(legacy.status).toBe(400);
    expect(legacy.body).toMatchObject(refused);
    const form = new FormData();
    form.set('prompt', 'a red scarf');
    form.set('aspect_ratio', '1:1');
    form.set('model_ids', JSON.stringify([readyModel, cpuModel]));
    const photo = lisaPhotos[0]!.data;
    const mask = await sharp(photo).greyscale().png().toBuffer();
    form.set('image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'me.jpg');
    form.set('mask', new Blob([new Uint8Array(mask)], { type: 'image/png' }), 'mask.png');
    const edit = await studio.as(user, 'POST', '/api/generate/edit-image', { body: form });
    expect(edit.status).toBe(400);
    expect(edit.body).toMatchObject(refused);
    expect(await jobs()).toBe(before);

    // The runner's safety net, for a job that got past the check (queued before it existed).
    const queued = await app.jobs.enqueue({
      userId,
      kind: 'generate',
      input: { prompt: 'portrait', aspectRatio: '1:1', modelIds: [readyModel, cpuModel] },
    });
    expect(await finishedJob(studio, user, queued.id)).toMatchObject({
      status: 'failed',
      error: API_TEXT.modelsOfDifferentEngines,
    });
  });
});

describe('Replicate engine: a crash while training', { timeout: 240_000 }, () => {
  let double: ReplicateDouble;
  let dataDir: string;

  beforeAll(async () => {
    double = await ReplicateDouble.start();
    dataDir = await makeTempDir();
  });
  afterAll(async () => {
    await double.close();
    await removeDir(dataDir);
  });

  it('finds the training and the prediction an attempt started but never recorded', async () => {
    double.behaviour = { ...double.behaviour, autoFinish: true, pageSize: 1 };
    const window = newUser('Lisa Window');
    const elsewhere: DoubleJob[] = [];
    /**
     * The crash window: Replicate has the provider job, our job has no id, and the attempt ends
     * there (here the database write fails; a killed process ends it the same way, through its
     * expired lease). Meanwhile someone else starts a job on the account, so the next attempt's
     * search has a newer job to page past.
     */
    const crashBeforeFirstSave = (engine: Engine): Engine => {
      const once = (kind: DoubleJob['kind'], context: EngineContext): EngineContext => ({
        ...context,
        providerJob: {
          ...context.providerJob,
          save: async (id) => {
            if (elsewhere.some((job) => job.kind === kind)) return context.providerJob.save(id);
            elsewhere.push(double.startElsewhere(kind));
            // What the database throws when the write fails: not one of our job errors.
            throw new Error('connection terminated unexpectedly');
          },
        },
      });
      return {
        name: engine.name,
        train: (request, context) => engine.train(request, once('training', context)),
        generate: (request, context) => engine.generate(request, once('prediction', context)),
        edit: (request, context) => engine.edit(request, context),
        enlarge: (image, context) => engine.enlarge(image, context),
      };
    };
    const studio = await startReplicateStudio(double, { REPLICATE_POLL_SECONDS: '0.3' });
    const worker = await startReplicateWorker(studio, crashBeforeFirstSave);
    try {
      await makeAdmin(studio, window);
      const trainings = double.trainings().length;
      const { modelId, jobId } = await startTraining(studio, window, await upload(studio, window));
      const trained = await finishedJob(studio, window, jobId);
      expect(trained.status).toBe('succeeded');
      expect(await attempts(studio, jobId)).toBe(2);
      const ours = double
        .trainings()
        .filter((training) => training.webhook?.endsWith(`?job=${jobId}`));
      expect(ours).toHaveLength(1);
      expect(double.trainings()).toHaveLength(trainings + 2);
      expect(await providerJobId(studio, jobId)).toBe(ours[0]?.id);
      // The newer job elsewhere was looked at (its list entry has no webhook) and passed over.
      expect(double.requests).toContain(`GET /v1/trainings/${elsewhere[0]?.id}`);
      expect(await model(studio, modelId)).toMatchObject({ status: 'ready', engine: 'replicate' });

      const predictions = double.predictions().length;
      const generated = await studio.as(window, 'POST', '/api/generate/text-to-image', {
        json: { prompt: 'portrait', aspect_ratio: '1:1', model_ids: [modelId] },
      });
      const image = await finishedJob(studio, window, generated.body.id);
      expect(image.status).toBe('succeeded');
      expect(image.output).toHaveLength(1);
      expect(await attempts(studio, generated.body.id)).toBe(2);
      expect(double.predictions()).toHaveLength(predictions + 2);
      expect(
        double
          .predictions()
          .filter((prediction) => prediction.webhook?.endsWith(`?job=${generated.body.id}`)),
      ).toHaveLength(1);
      expect(double.canceled).toEqual([]);
    } finally {
      await studio.stop();
      await worker.stop();
      double.behaviour = { ...double.behaviour, pageSize: 100 };
    }
  });
});
