import { FILE_TEXT, MAX_UPLOAD_BYTES } from '@app/shared/spec';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ABANDONED_UPLOAD_AGE_MS, sweepAbandonedUploads } from '../src/services/abandoned-uploads';
import type { S3Double } from './support/s3-double';
import { startS3 } from './support/s3';
import { facePhoto, heicFixture, jpegWithGpsAndRotation } from './support/images';
import { newUser, startStudio, type Studio } from './support/studio';
import type { TestUser } from './support/tokens';

interface Upload {
  filename: string;
  type: string;
  bytes: Buffer;
}

async function photos(): Promise<Upload[]> {
  const jpeg = facePhoto(0);
  return [
    { filename: 'gps.jpg', type: 'image/jpeg', bytes: await jpegWithGpsAndRotation() },
    { filename: 'a.png', type: 'image/png', bytes: await sharp(jpeg).resize(300).png().toBuffer() },
    { filename: 'b.webp', type: 'image/webp', bytes: await sharp(jpeg).webp().toBuffer() },
    { filename: 'c.heic', type: 'image/heic', bytes: heicFixture() },
    { filename: 'd.jpg', type: 'image/jpeg', bytes: facePhoto(1) },
  ];
}

describe('media with S3 storage', { timeout: 60_000 }, () => {
  let studio: Studio;
  let s3: S3Double;
  beforeAll(async () => {
    const started = await startS3();
    s3 = started.s3;
    studio = await startStudio({ ...started.env, WRITE_RATE_LIMIT_PER_MINUTE: '10000' });
  }, 30_000);
  afterAll(async () => {
    await studio.stop();
    await s3.stop();
  });

  async function targets(user: TestUser, files: Upload[]) {
    const response = await studio.as(user, 'POST', '/api/media/presigned-urls', {
      json: { files: files.map((file) => ({ filename: file.filename, contentType: file.type })) },
    });
    expect(response.status).toBe(200);
    return response.body as { presignedUrl: string; imageId: string }[];
  }

  /** The browser's part: PUT each file straight to S3 with the content type it declared. */
  async function upload(user: TestUser, files: Upload[]): Promise<string[]> {
    const handed = await targets(user, files);
    for (const [index, target] of handed.entries()) {
      const file = files[index]!;
      expect(target.presignedUrl.startsWith(`${s3.endpoint}/studio-test/incoming/`)).toBe(true);
      const put = await fetch(target.presignedUrl, {
        method: 'PUT',
        headers: { 'content-type': file.type },
        body: file.bytes,
      });
      expect(put.status, await put.clone().text()).toBe(200);
    }
    return handed.map((target) => target.imageId);
  }

  /** Every object the api keeps for one image; incoming/ must be gone once it was checked. */
  const keysOf = (id: string) => [...s3.objects.keys()].filter((key) => key.includes(id)).sort();

  it('checks photos PUT to S3 when training starts: oriented, stripped, with derivatives', async () => {
    const user = newUser();
    const ids = await upload(user, await photos());
    expect(keysOf(ids[0]!)).toEqual([expect.stringMatching(/^incoming\//)]);

    const start = await studio.as(user, 'POST', '/api/media/start-training', {
      json: { modelName: 'Ada', photoIds: ids },
    });
    expect(start.status, JSON.stringify(start.body)).toBe(202);
    for (const id of ids) {
      expect(keysOf(id).map((key) => key.split('/').pop())).toEqual([
        'original',
        'thumbnail',
        'thumbnail-medium',
        'thumbnail-small',
        'web',
      ]);
    }

    const heic = await studio.as(user, 'GET', `/api/media/${ids[3]}`);
    expect(heic.body).toMatchObject({ status: 'ready', contentType: 'image/jpeg', width: 96 });

    const listed = await studio.as(user, 'GET', '/api/media?type=training&includeUrls=true');
    const item = listed.body.items.find((entry: { imageId: string }) => entry.imageId === ids[0]);
    expect((await fetch(item.checkUrl, { method: 'HEAD' })).status).toBe(200);
    expect((await fetch(item.thumbnailUrl, { method: 'HEAD' })).status).toBe(403);

    const image = await studio.as(user, 'GET', `/api/image/${ids[0]}`);
    expect(image.status).toBe(200);
    expect(image.body.url.startsWith(s3.endpoint)).toBe(true);
    const web = await fetch(image.body.url);
    expect(web.headers.get('content-type')).toBe('image/webp');
    await web.arrayBuffer();
    const download = await fetch(image.body.downloadUrl);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain('filename="gps.jpg"');
    const original = Buffer.from(await download.arrayBuffer());
    const metadata = await sharp(original).metadata();
    expect(metadata.exif).toBeUndefined();
    expect([metadata.width, metadata.height]).toEqual([40, 80]);
    expect(original.includes('TestCam')).toBe(false);
  });

  it('an hour on, checks and keeps uploads that arrived, removes those that never did', async () => {
    const user = newUser();
    const [arrived, interrupted, neverSent] = await targets(user, [
      { filename: 'arrived.jpg', type: 'image/jpeg', bytes: facePhoto(0) },
      { filename: 'interrupted.jpg', type: 'image/jpeg', bytes: facePhoto(1) },
      { filename: 'never.jpg', type: 'image/jpeg', bytes: facePhoto(0) },
    ]);
    for (const [target, bytes] of [
      [arrived!, facePhoto(0)],
      [interrupted!, facePhoto(1)],
    ] as const) {
      const put = await fetch(target.presignedUrl, {
        method: 'PUT',
        headers: { 'content-type': 'image/jpeg' },
        body: bytes,
      });
      expect(put.status).toBe(200);
    }
    const { db, media } = studio.running.app;
    // A process died in the middle of checking this one.
    await db
      .updateTable('media')
      .set({ status: 'receiving' })
      .where('id', '=', interrupted!.imageId)
      .execute();

    const later = new Date(Date.now() + ABANDONED_UPLOAD_AGE_MS + 1000);
    expect(await sweepAbandonedUploads(db, media, later)).toEqual([neverSent!.imageId]);
    const photos = await studio.as(user, 'GET', '/api/media/training-photos');
    expect(photos.body.items.map((item: { imageId: string }) => item.imageId).sort()).toEqual(
      [arrived!.imageId, interrupted!.imageId].sort(),
    );
    expect(keysOf(arrived!.imageId).map((key) => key.split('/').pop())).toEqual([
      'original',
      'thumbnail',
      'thumbnail-medium',
      'thumbnail-small',
      'web',
    ]);
    expect(keysOf(neverSent!.imageId)).toEqual([]);
  });

  it('checks them on listing too, once even when asked concurrently', async () => {
    const user = newUser();
    const ids = await upload(user, (await photos()).slice(1, 4));
    const [list, training, one] = await Promise.all([
      studio.as(user, 'GET', '/api/media?includeUrls=true'),
      studio.as(user, 'GET', '/api/media/training-photos?includeUrls=true'),
      studio.as(user, 'GET', `/api/media/${ids[0]}`),
    ]);
    expect([list.status, training.status, one.status]).toEqual([200, 200, 200]);
    expect(one.body.status).toBe('ready');
    expect(training.body.items.map((item: { imageId: string }) => item.imageId).sort()).toEqual(
      [...ids].sort(),
    );
    for (const url of [
      training.body.items[0].thumbnailUrl,
      training.body.items[0].mediumThumbnailUrl,
      training.body.items[0].smallThumbnailUrl,
      list.body.items[0].mediumThumbnailUrl,
    ]) {
      const thumbnail = await fetch(url);
      expect(thumbnail.status).toBe(200);
      await thumbnail.arrayBuffer();
    }
    for (const id of ids) {
      expect(keysOf(id)).toHaveLength(5);
      // Processed and stored by one of the three requests only.
      const stored = s3.requests.filter(
        (line) => line.startsWith('PUT ') && line.endsWith(`/${id}/original`),
      );
      expect(stored).toHaveLength(1);
    }
  });

  it('refuses an oversized or mislabelled upload with the spec text and keeps nothing', async () => {
    const user = newUser();
    const big = Buffer.concat([
      facePhoto(),
      Buffer.alloc(MAX_UPLOAD_BYTES + 1 - facePhoto().length),
    ]);
    const [tooBig, notImage, good] = await upload(user, [
      { filename: 'big.jpg', type: 'image/jpeg', bytes: big },
      { filename: 'doc.png', type: 'image/png', bytes: Buffer.from('%PDF-1.7 not an image') },
      { filename: 'ok.jpg', type: 'image/jpeg', bytes: facePhoto() },
    ]);
    const list = await studio.as(user, 'GET', '/api/media');
    // Refused uploads are not media items; the uploader finds them with status=failed.
    expect(list.body.items.map((item: { imageId: string }) => item.imageId)).toEqual([good]);
    const failed = await studio.as(user, 'GET', '/api/media?status=failed');
    const byId = new Map(
      [...list.body.items, ...failed.body.items].map(
        (item: { imageId: string }) => [item.imageId, item] as const,
      ),
    );
    expect(byId.get(tooBig!)).toMatchObject({
      status: 'failed',
      failureReason: FILE_TEXT.tooLarge,
    });
    expect(byId.get(notImage!)).toMatchObject({
      status: 'failed',
      failureReason: FILE_TEXT.generalTypeNotAllowed,
    });
    expect(byId.get(good!)).toMatchObject({ status: 'ready', failureReason: null });
    expect(keysOf(tooBig!)).toEqual([]);
    expect(keysOf(notImage!)).toEqual([]);
    expect((await studio.as(user, 'GET', `/api/image/${tooBig}`)).status).toBe(404);
  });

  it('reports the reason when training is started on a refused photo', async () => {
    const user = newUser();
    const [bad, ...good] = await upload(user, [
      { filename: 'doc.png', type: 'image/png', bytes: Buffer.from('%PDF-1.7 not an image') },
      ...(await photos()).slice(0, 4),
    ]);
    const start = await studio.as(user, 'POST', '/api/media/start-training', {
      json: { modelName: 'Ada', photoIds: [bad, ...good] },
    });
    expect(start.status).toBe(400);
    expect(start.body.message).toBe(FILE_TEXT.generalTypeNotAllowed);
  });

  it("answers 404 for another user's photos and leaves their upload unchecked", async () => {
    const owner = newUser();
    const [id] = await upload(owner, [
      { filename: 'a.jpg', type: 'image/jpeg', bytes: facePhoto() },
    ]);
    const stranger = newUser('Eve');
    for (const path of [`/api/media/${id}`, `/api/image/${id}`]) {
      expect((await studio.as(stranger, 'GET', path)).status).toBe(404);
    }
    const start = await studio.as(stranger, 'POST', '/api/media/start-training', {
      json: { modelName: 'Eve', photoIds: [id, id, id, id, id] },
    });
    expect(start.status).toBeGreaterThanOrEqual(400);
    expect(keysOf(id!)).toEqual([expect.stringMatching(/^incoming\//)]);
    expect((await studio.as(owner, 'GET', `/api/media/${id}`)).body.status).toBe('ready');
  });

  it('has S3 refuse a presigned PUT that is tampered with, mislabelled or expired', async () => {
    const user = newUser();
    const [fresh] = await targets(user, [
      { filename: 'a.jpg', type: 'image/jpeg', bytes: Buffer.alloc(0) },
    ]);
    const longer = new URL(fresh!.presignedUrl);
    longer.searchParams.set('X-Amz-Expires', '604800');
    const otherUser = new URL(fresh!.presignedUrl.replace('/incoming/', '/incoming/x'));
    const attempts: [URL | string, string][] = [
      [longer, 'image/jpeg'],
      [otherUser, 'image/jpeg'],
      [fresh!.presignedUrl, 'image/png'],
    ];
    // Signed 16 minutes ago (the api and this test share the clock): past its 15 minutes.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() - 16 * 60 * 1000);
      const [old] = await targets(user, [
        { filename: 'b.jpg', type: 'image/jpeg', bytes: Buffer.alloc(0) },
      ]);
      attempts.push([old!.presignedUrl, 'image/jpeg']);
    } finally {
      vi.useRealTimers();
    }
    for (const [url, type] of attempts) {
      const response = await fetch(url, {
        method: 'PUT',
        headers: { 'content-type': type },
        body: facePhoto(),
      });
      expect({ url: String(url), status: response.status }).toEqual({
        url: String(url),
        status: 403,
      });
    }
    expect(keysOf(fresh!.imageId)).toEqual([]);
    const row = await studio.as(user, 'GET', `/api/media/${fresh!.imageId}`);
    expect(row.body.status).toBe('pending');
  });
});
