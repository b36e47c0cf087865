import { API_TEXT } from '@app/shared/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageJobs } from '../src/media/pipeline';
import { makeAdmin, trainReadyModel, userIdOf } from './support/fixtures';
import { solidPng } from './support/images';
import { newUser, startStudio, type Studio } from './support/studio';
import type { TestUser } from './support/tokens';
import { DIALECTS } from './support/test-database';

describe.each(DIALECTS)('Idempotency-Key on %s', { timeout: 30_000 }, (dialect) => {
  let studio: Studio;
  let user: TestUser;
  let model: string;
  beforeAll(async () => {
    studio = await startStudio({ WRITE_RATE_LIMIT_PER_MINUTE: '10000' }, dialect);
    user = newUser();
    await makeAdmin(studio, user);
    model = await trainReadyModel(studio, user);
  }, 30_000);
  afterAll(() => studio.stop());

  const generate = (key: string, prompt: string) =>
    studio.as(user, 'POST', '/api/generate/text-to-image', {
      json: { prompt, model_ids: [model] },
      headers: { 'idempotency-key': key },
    });

  async function mediaCount(): Promise<number> {
    const userId = await userIdOf(studio, user);
    const rows = await studio.running.app.db
      .selectFrom('media')
      .select('id')
      .where('user_id', '=', userId)
      .execute();
    return rows.length;
  }

  it('refuses the key with another body (422) and answers its own retry with the first job', async () => {
    const first = await generate('same-key', 'me at the beach');
    expect(first.status).toBe(202);
    const other = await generate('same-key', 'me on the moon');
    expect(other.status).toBe(422);
    expect(other.body).toEqual({
      error: 'UnprocessableEntity',
      message: API_TEXT.idempotencyKeyReused,
    });
    const retry = await generate('same-key', 'me at the beach');
    expect(retry.body.id).toBe(first.body.id);
    const jobs = await studio.running.app.db
      .selectFrom('jobs')
      .select('input')
      .where('idempotency_key', '=', 'same-key')
      .execute();
    expect(jobs.map((job) => JSON.parse(job.input).prompt)).toEqual(['me at the beach']);
  });

  it('gives presigned upload targets once per key: a retry gets the same images', async () => {
    const before = await mediaCount();
    const ask = (files: { filename: string; contentType: string }[]) =>
      studio.as(user, 'POST', '/api/media/presigned-urls', {
        json: { files },
        headers: { 'idempotency-key': 'targets-1' },
      });
    const files = [
      { filename: 'a.jpg', contentType: 'image/jpeg' },
      { filename: 'b.jpg', contentType: 'image/jpeg' },
    ];
    const first = await ask(files);
    expect(first.status).toBe(200);
    const retry = await ask(files);
    expect(retry.status).toBe(200);
    const ids = (answer: typeof first) =>
      answer.body.map((target: { imageId: string }) => target.imageId);
    expect(ids(retry)).toEqual(ids(first));
    expect(await mediaCount()).toBe(before + 2);

    const png = await solidPng(40, 40);
    const put = (url: string) =>
      fetch(url, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: png });
    expect((await put(first.body[0].presignedUrl)).status).toBe(200);
    // The retry's target of a received image says so: the client knows its bytes arrived.
    const again = await put(retry.body[0].presignedUrl);
    expect(again.status).toBe(409);
    expect(((await again.json()) as { message: string }).message).toBe(
      API_TEXT.uploadAlreadyReceived,
    );

    const changed = await ask([files[0]!]);
    expect(changed.status).toBe(422);
    expect(changed.body.message).toBe(API_TEXT.idempotencyKeyReused);
  });

  it('stores a base64 upload once per key', async () => {
    const before = await mediaCount();
    const photo = {
      imageBase64: (await solidPng(30, 30)).toString('base64'),
      filename: 'me.png',
      contentType: 'image/png',
      caption: '',
    };
    const upload = (photos: (typeof photo)[]) =>
      studio.as(user, 'POST', '/api/media/upload', {
        json: { photos },
        headers: { 'idempotency-key': 'upload-1' },
      });
    const first = await upload([photo]);
    expect(first.status).toBe(200);
    const retry = await upload([photo]);
    expect(retry.status).toBe(200);
    expect(retry.body.items.map((item: { imageId: string }) => item.imageId)).toEqual(
      first.body.items.map((item: { imageId: string }) => item.imageId),
    );
    expect(await mediaCount()).toBe(before + 1);
    expect((await upload([photo, photo])).status).toBe(422);
  });
});

describe('an upload burst', { timeout: 60_000 }, () => {
  let studio: Studio;
  const user = newUser();
  beforeAll(async () => {
    studio = await startStudio({ WRITE_RATE_LIMIT_PER_MINUTE: '10000' });
  });
  afterAll(() => studio.stop());

  it('is answered 503 with Retry-After, not held past the wait, and the target stays usable', async () => {
    const targets = await studio.as(user, 'POST', '/api/media/presigned-urls', {
      json: { files: [{ filename: 'late.png', contentType: 'image/png' }] },
    });
    const { presignedUrl, imageId } = (
      targets.body as { presignedUrl: string; imageId: string }[]
    )[0]!;
    const png = await solidPng(40, 40);
    const put = () =>
      fetch(presignedUrl, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: png });

    // Both of the pipeline's turns taken (as by two large photos) for longer than an upload waits.
    const release: (() => void)[] = [];
    const held = [0, 1].map(() =>
      imageJobs.run(() => new Promise<void>((resolve) => release.push(resolve))),
    );
    let busy: Response;
    try {
      busy = await put();
    } finally {
      for (const resolve of release) resolve();
      await Promise.all(held);
    }
    expect(busy.status).toBe(503);
    expect(busy.headers.get('retry-after')).toBe('2');
    expect(await busy.json()).toEqual({
      error: 'ServiceUnavailable',
      message: API_TEXT.imagePipelineBusy,
    });

    const retried = await put();
    expect(retried.status).toBe(200);
    expect(((await retried.json()) as { imageId: string }).imageId).toBe(imageId);
  });
});
