import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runJobWorker } from '../src/plugins/job-worker';
import { makeTempDir, removeDir, startApp, type RunningApp } from './helpers';
import { smallSubjectPhoto } from './support/images';
import { startS3 } from './support/s3';
import type { S3Double } from './support/s3-double';
import { newUser, startStudio, type Studio } from './support/studio';
import { cpuEngineRunners } from './support/workers';

const LISA = ['01.jpg', '02.jpg', '03.jpg', '04.jpg', '05.jpg'];

/**
 * The operator's scale-out setup: PostgreSQL and S3, a web process that only queues jobs and a
 * worker process with its own (empty) data directory. Nothing passes between the two but the
 * database and the bucket, as on two machines.
 */
describe('PostgreSQL + S3 with separate web and worker processes', { timeout: 90_000 }, () => {
  let s3: S3Double;
  let web: Studio;
  let worker: RunningApp;
  let workerDir: string;
  const user = newUser('Lisa Example');

  beforeAll(async () => {
    const started = await startS3();
    s3 = started.s3;
    web = await startStudio({ ...started.env, WRITE_RATE_LIMIT_PER_MINUTE: '10000' }, 'postgres');
    const { database } = web.running.config;
    if (database.kind !== 'postgres') throw new Error('expected PostgreSQL');
    workerDir = await makeTempDir();
    worker = await startApp({
      DATA_DIR: workerDir,
      SERVE_WEB: 'false',
      DATABASE_URL: database.url,
      ...started.env,
      ...web.issuer.env,
    });
    await runJobWorker(worker.app, cpuEngineRunners(worker.app));
  }, 60_000);
  afterAll(async () => {
    await worker.app.close();
    await web.stop();
    await s3.stop();
    await removeDir(workerDir);
  });

  /** Polls a job of the web process until the worker process has finished it. */
  async function finished(jobId: string) {
    await expect
      .poll(async () => (await web.as(user, 'GET', `/api/generate/status/${jobId}`)).body.status, {
        timeout: 60_000,
        interval: 250,
      })
      .toMatch(/^(succeeded|failed)$/);
    return (await web.as(user, 'GET', `/api/generate/status/${jobId}`)).body;
  }

  it('uploads to S3, trains, generates and edits, every file in the bucket', async () => {
    const photos = await Promise.all(LISA.map((name) => smallSubjectPhoto('lisa_debruine', name)));
    const targets = await web.as(user, 'POST', '/api/media/presigned-urls', {
      json: { files: LISA.map((filename) => ({ filename, contentType: 'image/jpeg' })) },
    });
    expect(targets.status).toBe(200);
    for (const [index, target] of (targets.body as { presignedUrl: string }[]).entries()) {
      const put = await fetch(target.presignedUrl, {
        method: 'PUT',
        headers: { 'content-type': 'image/jpeg' },
        body: photos[index],
      });
      expect(put.status).toBe(200);
    }
    const photoIds = (targets.body as { imageId: string }[]).map((target) => target.imageId);

    const training = await web.as(user, 'POST', '/api/media/start-training', {
      json: { modelName: 'Lisa', photoIds },
    });
    expect(training.status).toBe(202);
    expect(await finished(training.body.jobId)).toMatchObject({ status: 'succeeded' });
    const modelId: string = training.body.modelId;

    const generated = await web.as(user, 'POST', '/api/generate/text-to-image', {
      json: { prompt: 'lisa, natural portrait', aspect_ratio: '1:1', model_ids: [modelId] },
    });
    expect(generated.status).toBeLessThan(300);
    const [imageId] = (await finished(generated.body.id)).output as string[];

    const { width = 0, height = 0 } = await sharp(photos[0]).metadata();
    const mask = await sharp({
      create: { width, height, channels: 3, background: '#000' },
    })
      .composite([
        {
          input: await sharp({
            create: { width: width >> 1, height: height >> 2, channels: 3, background: '#fff' },
          })
            .png()
            .toBuffer(),
          left: width >> 2,
          top: height >> 2,
        },
      ])
      .png()
      .toBuffer();
    const form = new FormData();
    form.set('prompt', 'lisa');
    form.set('model_ids', JSON.stringify([modelId]));
    form.set('image', new Blob([photos[0]!], { type: 'image/jpeg' }), 'me.jpg');
    form.set('mask', new Blob([mask], { type: 'image/png' }), 'mask.png');
    const edit = await web.as(user, 'POST', '/api/generate/edit-image', { body: form });
    expect(edit.status).toBeLessThan(300);
    const [editedId] = (await finished(edit.body.id)).output as string[];

    const gallery = await web.as(user, 'GET', '/api/media?type=generated&includeUrls=true');
    const items = gallery.body.items as {
      imageId: string;
      engine: string;
      identityScore: unknown;
    }[];
    expect(items.map((item) => item.imageId).sort()).toEqual([imageId, editedId].sort());
    // Scored against the reference faces the worker stored in the bucket (null: no face found).
    for (const item of items) {
      expect(item.engine).toBe('builtin-cpu');
      expect(item.identityScore === null || typeof item.identityScore === 'number').toBe(true);
    }

    // Shown straight from the bucket; nothing was written to either process's data directory.
    const link = await web.as(user, 'GET', `/api/image/${imageId}`);
    expect(link.body.url.startsWith(`${s3.endpoint}/`)).toBe(true);
    const image = await fetch(link.body.url);
    expect(image.status).toBe(200);
    expect((await sharp(Buffer.from(await image.arrayBuffer())).metadata()).width).toBe(512);
    const keys = [...s3.objects.keys()];
    expect(keys.some((key) => key.startsWith(`users/`) && key.includes('/models/'))).toBe(true);
    expect(keys.filter((key) => key.startsWith('incoming/'))).toEqual([]);
  });
});
