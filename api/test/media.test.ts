import {
  API_TEXT,
  FILE_TEXT,
  fileError,
  MAX_BASE64_UPLOAD_REQUEST_BYTES,
  MAX_UPLOAD_BYTES,
} from '@app/shared/spec';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './support/api-client';
import { userIdOf } from './support/fixtures';
import {
  dataUrl,
  facePhoto,
  facePhotoPaths,
  heicFixture,
  pngBomb,
  solidPng,
} from './support/images';
import { newUser, startStudio, type Studio } from './support/studio';
import type { TestUser } from './support/tokens';
import { DIALECTS } from './support/test-database';

/** The real photos in four formats: JPEG as taken, and PNG/WebP/HEIC made from them or fixtures. */
async function photoSet(
  count: number,
): Promise<{ filename: string; type: string; bytes: Buffer }[]> {
  const photos = [];
  for (let i = 0; i < count; i += 1) {
    const jpeg = facePhoto(i % facePhotoPaths().length);
    if (i % 7 === 3) {
      photos.push({
        filename: `p${i}.png`,
        type: 'image/png',
        bytes: await sharp(jpeg).resize(600).png().toBuffer(),
      });
    } else if (i % 7 === 5) {
      photos.push({
        filename: `p${i}.webp`,
        type: 'image/webp',
        bytes: await sharp(jpeg).webp().toBuffer(),
      });
    } else if (i === 6) {
      photos.push({ filename: `p${i}.heic`, type: 'image/heic', bytes: heicFixture() });
    } else {
      photos.push({ filename: `p${i}.jpg`, type: 'image/jpeg', bytes: jpeg });
    }
  }
  return photos;
}

export async function uploadViaPresignedUrls(studio: Studio, user: TestUser, count: number) {
  const photos = await photoSet(count);
  const targets = await studio.as(user, 'POST', '/api/media/presigned-urls', {
    json: { files: photos.map((photo) => ({ filename: photo.filename, contentType: photo.type })) },
  });
  expect(targets.status).toBe(200);
  expect(targets.body).toHaveLength(count);
  for (const [index, target] of (targets.body as { presignedUrl: string }[]).entries()) {
    const photo = photos[index];
    if (!photo) throw new Error('missing photo');
    const put = await fetch(target.presignedUrl, {
      method: 'PUT',
      headers: { 'content-type': photo.type },
      body: photo.bytes,
    });
    expect(put.status, await put.clone().text()).toBe(200);
  }
  return (targets.body as { imageId: string }[]).map((target) => target.imageId);
}

describe.each(DIALECTS)('media on %s', { timeout: 30_000 }, (dialect) => {
  let studio: Studio;
  beforeAll(async () => {
    studio = await startStudio({ WRITE_RATE_LIMIT_PER_MINUTE: '10000' }, dialect);
  }, 30_000);
  afterAll(() => studio.stop());

  it('uploads 20 real photos (JPEG, PNG, WebP, HEIC) through presigned URLs', async () => {
    const user = newUser();
    const ids = await uploadViaPresignedUrls(studio, user, 20);
    const photos = await studio.as(user, 'GET', '/api/media/training-photos?includeUrls=true');
    expect(photos.status).toBe(200);
    expect(photos.body.items.map((item: { imageId: string }) => item.imageId).sort()).toEqual(
      [...ids].sort(),
    );
    const first = photos.body.items[0];
    expect(first).toMatchObject({ modelIds: [], displayUrl: expect.any(String) });
    const image = await fetch(first.thumbnailUrl);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    await image.arrayBuffer();

    const heic = await studio.as(user, 'GET', `/api/media/${ids[6]}`);
    expect(heic.body).toMatchObject({
      contentType: 'image/jpeg',
      width: 96,
      height: 64,
      status: 'ready',
    });
  });

  it('lists a 384-pixel thumbnail for gallery tiles, except for images stored before it', async () => {
    const user = newUser();
    const [id] = await uploadViaPresignedUrls(studio, user, 1);
    const listed = await studio.as(user, 'GET', '/api/media?type=training&includeUrls=true');
    const [item] = listed.body.items;
    expect(item.imageId).toBe(id);
    const medium = await fetch(item.mediumThumbnailUrl);
    expect(medium.status).toBe(200);
    expect(medium.headers.get('content-type')).toBe('image/webp');
    const { width, height } = await sharp(Buffer.from(await medium.arrayBuffer())).metadata();
    expect(Math.max(width, height)).toBe(Math.min(384, Math.max(item.width, item.height)));

    await studio.running.app.db
      .updateTable('media')
      .set({ medium_thumbnail: 0 })
      .where('id', '=', id!)
      .execute();
    const older = await studio.as(user, 'GET', `/api/media/${id}`);
    expect(older.body.thumbnailUrl).toEqual(expect.any(String));
    expect(older.body).not.toHaveProperty('mediumThumbnailUrl');
  });

  it('accepts an upload target once, and keeps it usable after a refused file', async () => {
    const user = newUser();
    const targets = await studio.as(user, 'POST', '/api/media/presigned-urls', {
      json: { files: [{ filename: 'me.png', contentType: 'image/png' }] },
    });
    const url: string = targets.body[0].presignedUrl;
    const wrong = await fetch(url, {
      method: 'PUT',
      headers: { 'content-type': 'image/png' },
      body: 'GIF89a....junk',
    });
    expect(wrong.status).toBe(415);
    expect((await wrong.json()) as { message: string }).toEqual({
      error: 'UnsupportedMediaType',
      message: FILE_TEXT.generalTypeNotAllowed,
    });
    const bomb = await fetch(url, {
      method: 'PUT',
      headers: { 'content-type': 'image/png' },
      body: pngBomb(),
    });
    expect(bomb.status).toBe(400);
    expect(((await bomb.json()) as { message: string }).message).toBe(API_TEXT.imageTooManyPixels);
    const mislabelled = await fetch(url, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: '{"not":"an image"}',
    });
    expect(mislabelled.status).toBe(415);
    const ok = await fetch(url, {
      method: 'PUT',
      headers: { 'content-type': 'image/png' },
      body: await solidPng(),
    });
    expect(ok.status).toBe(200);
    const again = await fetch(url, {
      method: 'PUT',
      headers: { 'content-type': 'image/png' },
      body: await solidPng(),
    });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { message: string }).message).toBe(
      API_TEXT.uploadAlreadyReceived,
    );
  });

  it('answers 404 and keeps no files when the image is deleted while its bytes arrive', async () => {
    const user = newUser();
    const targets = await studio.as(user, 'POST', '/api/media/presigned-urls', {
      json: { files: [{ filename: 'me.jpg', contentType: 'image/jpeg' }] },
    });
    const { presignedUrl, imageId } = targets.body[0];
    const { media } = studio.running.app;
    const complete = media.completePending.bind(media);
    // The user deletes the photo (another tab) after its bytes were received and processed.
    media.completePending = async (row, image) => {
      expect((await studio.as(user, 'DELETE', `/api/media/${imageId}`)).status).toBe(200);
      return complete(row, image);
    };
    try {
      const put = await fetch(presignedUrl, {
        method: 'PUT',
        headers: { 'content-type': 'image/jpeg' },
        body: facePhoto(),
      });
      expect(put.status).toBe(404);
      expect(((await put.json()) as { message: string }).message).toBe(API_TEXT.linkInvalid);
    } finally {
      media.completePending = complete;
    }
    const folder = join(
      studio.running.config.dataDir,
      'files',
      'users',
      await userIdOf(studio, user),
      'media',
      imageId,
    );
    expect(await readdir(folder).catch(() => [])).toEqual([]);
    expect((await studio.as(user, 'GET', '/api/user')).body.storageUsed).toBe(0);
  });

  it('takes the bytes whatever content type the client declares', async () => {
    const user = newUser();
    const targets = await studio.as(user, 'POST', '/api/media/presigned-urls', {
      json: {
        files: [
          { filename: 'a.png', contentType: 'image/png' },
          { filename: 'b.png', contentType: 'image/png' },
        ],
      },
    });
    const unlabelled = await fetch(targets.body[0].presignedUrl, {
      method: 'PUT',
      body: await solidPng(),
    });
    expect(unlabelled.status).toBe(200);
    const asJson = await fetch(targets.body[1].presignedUrl, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: await solidPng(),
    });
    expect(asJson.status).toBe(200);
  });

  it('refuses oversized, tampered and expired upload targets', async () => {
    const user = newUser();
    const targets = await studio.as(user, 'POST', '/api/media/presigned-urls', {
      json: { files: [{ filename: 'a.jpg', contentType: 'image/jpeg' }] },
    });
    const url = new URL(targets.body[0].presignedUrl);
    const big = await fetch(url, {
      method: 'PUT',
      headers: { 'content-type': 'image/jpeg' },
      body: Buffer.concat([facePhoto(), Buffer.alloc(10_485_760)]),
    });
    expect(big.status).toBe(413);
    expect(((await big.json()) as { message: string }).message).toBe(FILE_TEXT.tooLarge);

    const tampered = new URL(url);
    tampered.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 3600));
    const expired = new URL(url);
    expired.searchParams.set('expires', '1000');
    for (const bad of [tampered, expired]) {
      const response = await fetch(bad, { method: 'PUT', body: facePhoto() });
      expect(response.status).toBe(404);
      expect(((await response.json()) as { message: string }).message).toBe(API_TEXT.linkInvalid);
    }
  });

  it('refuses declared types outside the general list before handing out targets', async () => {
    const response = await studio.as(newUser(), 'POST', '/api/media/presigned-urls', {
      json: {
        files: [
          { filename: 'a.jpg', contentType: 'image/jpeg' },
          { filename: 'b.gif', contentType: 'image/gif' },
        ],
      },
    });
    expect(response.status).toBe(415);
    expect(response.body.message).toBe(fileError(2, FILE_TEXT.generalTypeNotAllowed));
  });

  it('uploads base64 photos in a batch and one per request, naming the failing file', async () => {
    const user = newUser();
    const batch = await studio.as(user, 'POST', '/api/media/upload', {
      json: {
        photos: [
          {
            imageBase64: dataUrl(facePhoto(0), 'image/jpeg'),
            filename: '../../etc/passwd',
            contentType: 'image/jpeg',
            caption: '',
          },
          {
            imageBase64: (await solidPng()).toString('base64'),
            filename: 'b.png',
            contentType: 'image/png',
            caption: 'x',
          },
        ],
      },
    });
    expect(batch.status).toBe(200);
    expect(batch.body.items).toHaveLength(2);
    expect(batch.body.items[0]).toMatchObject({
      type: 'training',
      status: 'ready',
      filename: 'passwd',
    });

    const single = await studio.as(user, 'POST', '/api/media/upload', {
      json: {
        filename: 'one.webp',
        content: (await sharp(facePhoto(1)).webp().toBuffer()).toString('base64'),
      },
    });
    expect(single.status).toBe(200);
    expect(single.body.items[0]).toMatchObject({ filename: 'one.webp', contentType: 'image/webp' });

    const bad = await studio.as(user, 'POST', '/api/media/upload', {
      json: {
        photos: [
          {
            imageBase64: facePhoto(0).toString('base64'),
            filename: 'a.jpg',
            contentType: 'image/jpeg',
          },
          {
            imageBase64: Buffer.from('not an image at all').toString('base64'),
            filename: 'b.jpg',
            contentType: 'image/jpeg',
          },
        ],
      },
    });
    expect(bad.status).toBe(415);
    expect(bad.body.message).toBe(fileError(2, FILE_TEXT.generalTypeNotAllowed));
    // Nothing of a refused batch is kept.
    const list = await studio.as(user, 'GET', '/api/media?type=training&limit=100');
    expect(list.body.items).toHaveLength(3);
  });

  it('refuses a base64 request above its limit at once, pointing to presigned URLs', async () => {
    const user = newUser();
    // Three photos just under 10 MB each: fine one by one, too much memory in one request.
    const nearlyTenMegabytes = 'A'.repeat(Math.floor((MAX_UPLOAD_BYTES * 4) / 3) - 4);
    const photos = Array.from({ length: 3 }, (_, index) => ({
      imageBase64: nearlyTenMegabytes,
      filename: `${index}.jpg`,
      contentType: 'image/jpeg',
    }));
    const answer = await studio.as(user, 'POST', '/api/media/upload', { json: { photos } });
    expect(answer.status).toBe(413);
    expect(answer.body.message).toBe(API_TEXT.base64UploadTooLarge);
    expect(JSON.stringify({ photos }).length).toBeGreaterThan(MAX_BASE64_UPLOAD_REQUEST_BYTES);
  });

  it('lists, shows, signs and deletes media of the caller', async () => {
    const user = newUser();
    const [id] = await uploadViaPresignedUrls(studio, user, 1);
    const list = await studio.as(user, 'GET', '/api/media?includeUrls=true');
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ hasMore: false, nextCursor: null });
    expect(list.body.items[0]).toMatchObject({ imageId: id, displayUrl: expect.any(String) });
    const { checkUrl } = list.body.items[0];
    expect((await fetch(checkUrl, { method: 'HEAD' })).status).toBe(200);
    const withoutUrls = await studio.as(user, 'GET', '/api/media');
    expect(withoutUrls.body.items[0].displayUrl).toBeUndefined();

    const image = await studio.as(user, 'GET', `/api/image/${id}`);
    expect(image.status).toBe(200);
    const head = await fetch(image.body.url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('image/webp');
    const download = await fetch(image.body.downloadUrl);
    expect(download.headers.get('content-disposition')).toContain('attachment; filename="p0.jpg"');
    expect((await download.arrayBuffer()).byteLength).toBeGreaterThan(1000);

    const deleted = await studio.as(user, 'DELETE', `/api/media/${id}`);
    expect(deleted.body).toEqual({ imageId: id, deleted: true });
    expect((await studio.as(user, 'GET', `/api/media/${id}`)).status).toBe(404);
    expect((await fetch(image.body.url)).status).toBe(404);
    // The gallery's stale check learns that its cached URLs no longer work.
    expect((await fetch(checkUrl, { method: 'HEAD' })).status).toBe(404);
    expect((await studio.as(user, 'DELETE', `/api/media/${id}`)).body).toEqual({
      error: 'NotFound',
      message: API_TEXT.imageNotFound,
    });
  });

  it('deletes a training photo that no training uses, and only training photos', async () => {
    const user = newUser();
    const [id] = await uploadViaPresignedUrls(studio, user, 1);
    const listed = await studio.as(user, 'GET', '/api/media/training-photos');
    expect(listed.body.items[0]).toEqual({
      imageId: id,
      filename: 'p0.jpg',
      createdAt: expect.any(String),
      modelIds: [],
      // Checked for a face by the engines' worker, which this test does not run.
      photoCheck: 'pending',
      width: 1500,
      height: 1000,
    });
    const deleted = await studio.as(user, 'DELETE', `/api/media/training-photos/${id}`);
    expect(deleted.body).toEqual({ imageId: id, deleted: true });
    const again = await studio.as(user, 'DELETE', `/api/media/training-photos/${id}`);
    expect(again.status).toBe(404);
    expect(again.body.message).toBe(API_TEXT.trainingPhotoNotFound);
    expect((await studio.as(user, 'GET', '/api/media/training-photos')).body.items).toEqual([]);
  });

  it('refuses a malformed cursor and a wrong sort with 400', async () => {
    const user = newUser();
    const cursor = await studio.as(user, 'GET', '/api/media?cursor=bm9wZQ');
    expect(cursor.status).toBe(400);
    expect(cursor.body.message).toBe(API_TEXT.invalidCursor);
    expect((await studio.as(user, 'GET', '/api/media?sort=createdAt:asc')).status).toBe(400);
    expect((await studio.as(user, 'GET', '/api/media?limit=0')).status).toBe(400);
    expect((await studio.as(user, 'GET', '/api/media?type=video')).status).toBe(400);
  });

  it('needs a token for everything but the signed file URLs', async () => {
    for (const [method, path] of [
      ['GET', '/api/media'],
      ['POST', '/api/media/upload'],
      ['POST', '/api/media/presigned-urls'],
      ['GET', '/api/media/training-photos'],
      ['GET', '/api/image/x'],
    ] as const) {
      expect((await call(studio.running, method, path)).status).toBe(401);
    }
  });
});
