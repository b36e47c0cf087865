import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runJobWorker } from '../src/plugins/job-worker';
import type { JobWorker } from '../src/jobs/worker';
import { processImage } from '../src/media/pipeline';
import { uploadJpegs, uploadPhotos, userIdOf } from './support/fixtures';
import { smallSubjectPhoto, solidPng } from './support/images';
import { newUser, startStudio, type Studio } from './support/studio';
import { DIALECTS } from './support/test-database';
import { cpuEngineRunners } from './support/workers';

interface CheckedPhoto {
  imageId: string;
  photoCheck: string | null;
  width: number | null;
  height: number | null;
}

/**
 * A training photo is checked for faces after its upload has been answered (the review a training
 * makes, as a job on the engines' worker), and the result travels with the photo: the Train New
 * Model dialog warns about it before the user starts.
 */
describe.each(DIALECTS)('photo checks after upload on %s', { timeout: 60_000 }, (dialect) => {
  let studio: Studio;
  let worker: JobWorker | undefined;
  beforeAll(async () => {
    studio = await startStudio({ WRITE_RATE_LIMIT_PER_MINUTE: '10000' }, dialect);
  }, 30_000);
  afterAll(() => studio.stop());

  /** The engines' worker, running photo checks only (as the api process does besides jobs). */
  async function startChecks(): Promise<void> {
    const { app } = studio.running;
    const runners = cpuEngineRunners(app);
    worker = await runJobWorker(
      app,
      { 'check-photo': runners['check-photo'] },
      {
        'check-photo': 1,
      },
    );
  }

  async function trainingPhotos(user: ReturnType<typeof newUser>): Promise<CheckedPhoto[]> {
    const answer = await studio.as(user, 'GET', '/api/media/training-photos');
    expect(answer.status).toBe(200);
    return answer.body.items;
  }

  async function checked(user: ReturnType<typeof newUser>, ids: readonly string[]) {
    const deadline = Date.now() + 40_000;
    for (;;) {
      const photos = (await trainingPhotos(user)).filter((photo) => ids.includes(photo.imageId));
      if (photos.every((photo) => photo.photoCheck !== 'pending')) {
        return new Map(photos.map((photo) => [photo.imageId, photo]));
      }
      if (Date.now() > deadline) throw new Error('the photo checks did not finish');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('answers the upload at once with the check pending, and keeps it pending without a worker', async () => {
    const user = newUser('Pending');
    const [id] = await uploadPhotos(studio, user, 1);
    const item = await studio.as(user, 'GET', `/api/media/${id}`);
    expect(item.body).toMatchObject({ type: 'training', photoCheck: 'pending' });
    const [listed] = await trainingPhotos(user);
    expect(listed).toMatchObject({ imageId: id, photoCheck: 'pending', width: 32, height: 32 });
    const jobs = await studio.running.app.db
      .selectFrom('jobs')
      .select(['kind', 'status', 'input'])
      .where('input', 'like', `%${id}%`)
      .execute();
    expect(jobs).toEqual([
      { kind: 'check-photo', status: 'queued', input: JSON.stringify({ mediaId: id }) },
    ]);
  });

  it('finds the group photo, the photo without a face and the good portrait', async () => {
    await startChecks();
    const user = newUser('Checked');
    const portrait = await smallSubjectPhoto('lisa_debruine', '01.jpg');
    const group = await smallSubjectPhoto('_hard_cases', '01_group_obama_biden_situation_room.jpg');
    const [good, several] = await uploadJpegs(studio, user, [
      { data: portrait, filename: 'lisa.jpg' },
      { data: group, filename: 'group.jpg' },
    ]);

    // The presigned route: PUT to the upload target, answered with the photo, check pending.
    const targets = await studio.as(user, 'POST', '/api/media/presigned-urls', {
      json: { files: [{ filename: 'blank.png', contentType: 'image/png' }] },
    });
    const blankPng = await solidPng(320, 320);
    const put = await fetch(targets.body[0].presignedUrl, {
      method: 'PUT',
      body: new Uint8Array(blankPng),
      headers: { 'content-type': 'image/png' },
    });
    const putAnswer = (await put.json()) as CheckedPhoto;
    expect(put.status).toBe(200);
    expect(putAnswer.photoCheck).toBe('pending');
    const blank = putAnswer.imageId;

    const results = await checked(user, [good!, several!, blank]);
    expect(results.get(good!)?.photoCheck).toBe('ok');
    expect(results.get(several!)?.photoCheck).toBe('several-faces');
    expect(results.get(blank)?.photoCheck).toBe('no-face');
    const item = await studio.as(user, 'GET', `/api/media/${several}`);
    expect(item.body.photoCheck).toBe('several-faces');
  });

  it('lets a photo deleted before its check go without an error', async () => {
    await worker?.stop();
    const user = newUser('Deleted');
    const [id] = await uploadPhotos(studio, user, 1);
    expect((await studio.as(user, 'DELETE', `/api/media/training-photos/${id}`)).status).toBe(200);
    await startChecks();
    const deadline = Date.now() + 20_000;
    let status = 'queued';
    while (['queued', 'running'].includes(status) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const job = await studio.running.app.db
        .selectFrom('jobs')
        .select(['status', 'error'])
        .where('kind', '=', 'check-photo')
        .where('input', '=', JSON.stringify({ mediaId: id }))
        .executeTakeFirstOrThrow();
      status = job.status;
      expect(job.error).toBeNull();
    }
    expect(status).toBe('succeeded');
  });

  it('never checks generated images', async () => {
    const user = newUser('Generated');
    const image = await processImage(await solidPng(16, 16), {
      maxBytes: 1024 * 1024,
      tooLargeMessage: 'too large',
      allowedTypes: ['png'],
      typeMessage: 'not a png',
    });
    const { app } = studio.running;
    const row = await app.media.create(await userIdOf(studio, user), image, {
      type: 'generated',
      filename: 'out.png',
    });
    expect(row.photo_check).toBeNull();
    const item = await studio.as(user, 'GET', `/api/media/${row.id}`);
    expect(item.body.photoCheck).toBeNull();
  });
});
