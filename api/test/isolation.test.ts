import { API_TEXT } from '@app/shared/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markModelReady, trainReadyModel, uploadPhotos, userIdOf } from './support/fixtures';
import { dataUrl, facePhoto, solidPng } from './support/images';
import { newUser, startStudio, type Studio } from './support/studio';
import type { TestUser } from './support/tokens';
import { DIALECTS } from './support/test-database';

/**
 * User B must not learn anything about user A's media, models, photos, jobs or files: every
 * route that takes one of A's ids answers B exactly as for an id that does not exist.
 */
describe.each(DIALECTS)('isolation between users on %s', { timeout: 30_000 }, (dialect) => {
  let studio: Studio;
  const alice = newUser('Alice');
  const bob = newUser('Bob');
  let a: {
    photos: string[];
    readyModel: string;
    trainingModel: string;
    job: string;
    pendingUpload: string;
    displayUrl: string;
    pictureUrl: string;
  };

  beforeAll(async () => {
    studio = await startStudio({ WRITE_RATE_LIMIT_PER_MINUTE: '10000' }, dialect);
    await studio.running.app.db
      .updateTable('users')
      .set({ is_admin: 1 })
      .where('id', '=', await userIdOf(studio, alice))
      .execute();
    const readyModel = await trainReadyModel(studio, alice, 'Alice');
    const photos = await uploadPhotos(studio, alice, 5);
    const training = await studio.as(alice, 'POST', '/api/media/start-training', {
      json: { modelName: 'Second', photoIds: photos },
    });
    const job = await studio.as(alice, 'POST', '/api/generate/text-to-image', {
      json: { prompt: 'secret', model_ids: [readyModel] },
    });
    const presigned = await studio.as(alice, 'POST', '/api/media/presigned-urls', {
      json: { files: [{ filename: 'x.png', contentType: 'image/png' }] },
    });
    const media = await studio.as(alice, 'GET', `/api/media/${photos[0]}`);
    const picture = await studio.as(alice, 'POST', '/api/user/profile-picture', {
      json: { imageBase64: dataUrl(facePhoto(), 'image/jpeg'), contentType: 'image/jpeg' },
    });
    a = {
      photos,
      readyModel,
      trainingModel: training.body.modelId,
      job: job.body.id,
      pendingUpload: presigned.body[0].imageId,
      displayUrl: media.body.displayUrl,
      pictureUrl: picture.body.profilePictureUrl,
    };
    await trainReadyModel(studio, bob, 'Bob');
  }, 30_000);
  afterAll(() => studio.stop());

  const as = (user: TestUser, method: string, path: string, json?: unknown) =>
    studio.as(user, method, path, json === undefined ? {} : { json });

  it("answers 404 for every route given one of the other user's ids", async () => {
    const photo = a.photos[0] ?? '';
    const attempts: [string, string, unknown?][] = [
      ['GET', `/api/media/${photo}`],
      ['DELETE', `/api/media/${photo}`],
      ['GET', `/api/media/${a.pendingUpload}`],
      ['GET', `/api/image/${photo}`],
      ['DELETE', `/api/media/training-photos/${photo}`],
      ['GET', `/api/generate/status/${a.job}`],
      ['DELETE', `/api/user/models/delete?modelId=${a.readyModel}`],
      ['DELETE', `/api/user/models/delete?modelId=${a.trainingModel}`],
      ['PUT', '/api/user/model', { modelId: a.readyModel }],
      ['PUT', '/api/user/models/reorder', { modelIds: [a.readyModel] }],
      ['POST', '/api/media/start-training', { modelName: 'Stolen', photoIds: a.photos }],
      ['POST', '/api/generate/text-to-image', { prompt: 'x', model_ids: [a.readyModel] }],
      ['POST', '/api/generate', { prompt: 'x', model_ids: [a.readyModel] }],
    ];
    for (const [method, path, json] of attempts) {
      const response = await as(bob, method, path, json);
      expect({ route: `${method} ${path}`, status: response.status }).toEqual({
        route: `${method} ${path}`,
        status: 404,
      });
    }
    const form = new FormData();
    form.set('prompt', 'x');
    form.set('model_ids', JSON.stringify([a.readyModel]));
    form.set('image', new Blob([facePhoto()]), 'a.jpg');
    form.set('mask', new Blob([await solidPng()]), 'm.png');
    const edit = await studio.as(bob, 'POST', '/api/generate/edit-image', { body: form });
    expect(edit.status).toBe(404);
    expect(edit.body.message).toBe(API_TEXT.modelNotFound);
  });

  it("never lists the other user's items, and left them untouched", async () => {
    const media = await as(bob, 'GET', '/api/media?limit=100');
    const photos = await as(bob, 'GET', '/api/media/training-photos');
    const mine = [...media.body.items, ...photos.body.items].map(
      (i: { imageId: string }) => i.imageId,
    );
    expect(mine.filter((id) => a.photos.includes(id) || id === a.pendingUpload)).toEqual([]);
    const profile = await as(bob, 'GET', '/api/user');
    expect(profile.body.models.map((m: { name: string }) => m.name)).toEqual(['Bob']);

    const alicesView = await as(alice, 'GET', '/api/user');
    expect(alicesView.body.models).toHaveLength(2);
    expect((await as(alice, 'GET', `/api/media/${a.photos[0]}`)).status).toBe(200);
    expect((await as(alice, 'GET', `/api/generate/status/${a.job}`)).status).toBe(200);
  });

  it('serves signed URLs only as signed: tampered, moved or expired links are refused', async () => {
    expect((await fetch(a.displayUrl)).status).toBe(200);
    const url = new URL(a.displayUrl);
    const signature = url.searchParams.get('signature') ?? '';

    const flipped = new URL(url);
    flipped.searchParams.set(
      'signature',
      `${signature.slice(0, -2)}${signature.endsWith('A') ? 'BB' : 'AA'}`,
    );
    const stretched = new URL(url);
    stretched.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 86400));
    const expired = new URL(url);
    expired.searchParams.set('expires', String(Math.floor(Date.now() / 1000) - 1));
    // The same signature on another file (Alice's original instead of the web image).
    const moved = new URL(url);
    moved.pathname = url.pathname.replace(/web$/, 'original');
    const bobsKey = new URL(url);
    bobsKey.pathname = url.pathname.replace(
      /users\/[^/]+\//,
      `users/${await userIdOf(studio, bob)}/`,
    );
    const unsigned = new URL(url);
    unsigned.search = '';

    for (const bad of [flipped, stretched, expired, moved, bobsKey]) {
      const response = await fetch(bad);
      expect({ url: bad.href, status: response.status }).toEqual({ url: bad.href, status: 404 });
      expect(((await response.json()) as { message: string }).message).toBe(API_TEXT.linkInvalid);
    }
    expect((await fetch(unsigned)).status).toBe(400);
    expect((await fetch(a.pictureUrl)).status).toBe(200);
  });

  it('lets a model finish only for its owner', async () => {
    await markModelReady(studio, a.trainingModel);
    expect(
      (await as(bob, 'DELETE', `/api/user/models/delete?modelId=${a.trainingModel}`)).status,
    ).toBe(404);
    expect(
      (await as(alice, 'DELETE', `/api/user/models/delete?modelId=${a.trainingModel}`)).status,
    ).toBe(200);
  });
});
