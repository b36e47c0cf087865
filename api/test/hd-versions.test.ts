import { API_TEXT, HD_TEXT } from '@app/shared/spec';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processImage } from '../src/media/pipeline';
import { runJobWorker } from '../src/plugins/job-worker';
import { mediaKeys } from '../src/storage/keys';
import { trainReadyModel, uploadPhotos, userIdOf } from './support/fixtures';
import { newUser, startStudio, type Studio } from './support/studio';
import { DIALECTS } from './support/test-database';
import type { TestUser } from './support/tokens';
import { cpuEngineRunners } from './support/workers';

/** A generated image of the user, stored as the job runners store one (real files). */
async function storeGenerated(studio: Studio, user: TestUser, width = 96, height = 64) {
  const { app } = studio.running;
  const png = await sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } },
  })
    .composite([
      {
        input: await sharp({
          create: { width: width / 2, height: height / 2, channels: 3, background: '#1040a0' },
        })
          .png()
          .toBuffer(),
        left: width / 4,
        top: height / 4,
      },
    ])
    .png()
    .toBuffer();
  const processed = await processImage(png, {
    maxBytes: 1 << 24,
    tooLargeMessage: 'too large',
    allowedTypes: ['png'],
    typeMessage: 'not a png',
  });
  const row = await app.media.create(await userIdOf(studio, user), processed, {
    type: 'generated',
    filename: 'generate-1a2b3c4d.png',
    prompt: 'me, studio light',
    aspectRatio: '3:2',
    mode: 'text-to-image',
    engine: 'builtin-cpu',
  });
  return row.id;
}

const hdOf = (studio: Studio, user: TestUser, id: string) =>
  studio.as(user, 'POST', `/api/media/${id}/hd`);

describe.each(DIALECTS)('HD versions on %s', { timeout: 30_000 }, (dialect) => {
  let studio: Studio;
  const user = newUser('Grace Hopper');
  beforeAll(async () => {
    studio = await startStudio({ WRITE_RATE_LIMIT_PER_MINUTE: '10000' }, dialect);
    const { app } = studio.running;
    await runJobWorker(app, cpuEngineRunners(app));
  });
  afterAll(() => studio.stop());

  it('makes a 2× PNG once, stores it beside the image and counts it in the storage', async () => {
    const id = await storeGenerated(studio, user);
    const before = (await studio.as(user, 'GET', '/api/user')).body.storageUsed as number;
    const listed = await studio.as(user, 'GET', `/api/media/${id}`);
    expect(listed.body.hd).toEqual({ quality: 'enlarged', ready: false, jobId: null });

    const first = await hdOf(studio, user, id);
    expect(first.status).toBe(200);
    expect(first.body.job).toMatchObject({ kind: 'hd', status: 'succeeded', output: [id] });
    expect(first.body.hd).toMatchObject({
      quality: 'enlarged',
      ready: true,
      jobId: first.body.job.id,
    });
    const download = await fetch(first.body.hd.downloadUrl);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain('generate-1a2b3c4d-hd.png');
    const meta = await sharp(Buffer.from(await download.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 192, height: 128 });

    // Asked again: the same job and the stored file, no second job.
    const again = await hdOf(studio, user, id);
    expect(again.status).toBe(200);
    expect(again.body.job.id).toBe(first.body.job.id);
    const jobs = await studio.running.app.db
      .selectFrom('jobs')
      .select('id')
      .where('kind', '=', 'hd')
      .where('input', 'like', `%${id}%`)
      .execute();
    expect(jobs).toHaveLength(1);

    const row = await studio.running.app.db
      .selectFrom('media')
      .select('hd_bytes')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.hd_bytes).toBeGreaterThan(0);
    const after = (await studio.as(user, 'GET', '/api/user')).body.storageUsed as number;
    expect(after - before).toBe(row.hd_bytes);
    const item = await studio.as(user, 'GET', `/api/media/${id}`);
    expect(item.body.hd).toMatchObject({ ready: true, downloadUrl: expect.any(String) });
  });

  it('deletes the HD file with the image', async () => {
    const id = await storeGenerated(studio, user);
    expect((await hdOf(studio, user, id)).body.hd.ready).toBe(true);
    const { storage } = studio.running.app;
    const key = mediaKeys(await userIdOf(studio, user), id).hd;
    expect(await storage.head(key)).toBeTruthy();
    expect((await studio.as(user, 'DELETE', `/api/media/${id}`)).status).toBe(200);
    expect(await storage.head(key)).toBeFalsy();
  });

  it('answers 404 for another user’s image and a clear 400 for a training photo', async () => {
    const id = await storeGenerated(studio, user);
    const stranger = await hdOf(studio, newUser('Someone Else'), id);
    expect({ status: stranger.status, message: stranger.body.message }).toEqual({
      status: 404,
      message: API_TEXT.imageNotFound,
    });
    const missing = await hdOf(studio, user, 'no-such-image');
    expect(missing.status).toBe(404);
    const [photo] = await uploadPhotos(studio, user, 1);
    const upload = await hdOf(studio, user, photo!);
    expect({ status: upload.status, message: upload.body.message }).toEqual({
      status: 400,
      message: HD_TEXT.onlyGenerated,
    });
    const rows = await studio.running.app.db
      .selectFrom('jobs')
      .select('id')
      .where('kind', '=', 'hd')
      .where('input', 'like', `%${id}%`)
      .execute();
    expect(rows).toEqual([]);
  });
});

/** No worker: every HD job stays queued, so the limit and the idempotence show. */
describe('the per-minute write limit and HD versions', { timeout: 30_000 }, () => {
  let studio: Studio;
  beforeAll(async () => {
    studio = await startStudio({ WRITE_RATE_LIMIT_PER_MINUTE: '2' });
  });
  afterAll(() => studio.stop());

  it('counts a new HD version like an image; asking again for a running one does not', async () => {
    const user = newUser('Ada Lovelace');
    const ids = [
      await storeGenerated(studio, user),
      await storeGenerated(studio, user),
      await storeGenerated(studio, user),
    ];
    const first = await hdOf(studio, user, ids[0]!);
    expect(first.status).toBe(202);
    expect(first.body.job).toMatchObject({ kind: 'hd', status: 'queued' });
    expect(first.body.hd).toEqual({ quality: 'enlarged', ready: false, jobId: first.body.job.id });
    expect((await hdOf(studio, user, ids[1]!)).status).toBe(202);
    const refused = await hdOf(studio, user, ids[2]!);
    expect({ status: refused.status, message: refused.body.message }).toEqual({
      status: 429,
      message: API_TEXT.tooManyRequests,
    });
    const again = await hdOf(studio, user, ids[0]!);
    expect(again.status).toBe(202);
    expect(again.body.job.id).toBe(first.body.job.id);
    // Generations count against the same limit.
    const model = await trainReadyModel(studio, user);
    const generation = await studio.as(user, 'POST', '/api/generate/text-to-image', {
      json: { prompt: 'me', model_ids: [model] },
    });
    expect(generation.status).toBe(429);

    // A failed job is tried again with a new one.
    await studio.running.app.db
      .updateTable('jobs')
      .set({ status: 'failed', error: HD_TEXT.failed })
      .where('id', '=', first.body.job.id)
      .execute();
    const retried = await hdOf(studio, user, ids[0]!);
    expect(retried.status).toBe(202);
    expect(retried.body.job.id).not.toBe(first.body.job.id);
  });
});
