import { API_TEXT, tooManyPhotos } from '@app/shared/spec';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { mediaKeys } from '../src/storage/keys';
import { trainReadyModel, uploadPhotos, userIdOf } from './support/fixtures';
import { newUser, startStudio, type Studio } from './support/studio';
import { DIALECTS } from './support/test-database';

/** The two routes the models page needs beyond spec §7: add photos to a model, order them. */
describe.each(DIALECTS)('photos of an existing model on %s', { timeout: 30_000 }, (dialect) => {
  let studio: Studio;
  beforeAll(async () => {
    studio = await startStudio({ WRITE_RATE_LIMIT_PER_MINUTE: '10000' }, dialect);
  }, 30_000);
  afterAll(() => studio.stop());

  async function modelOf(user: ReturnType<typeof newUser>, modelId: string) {
    const profile = await studio.as(user, 'GET', '/api/user');
    return profile.body.models.find((model: { modelId: string }) => model.modelId === modelId);
  }

  it('adds uploaded photos after the ones the model has, each once', async () => {
    const user = newUser('Ada');
    const modelId = await trainReadyModel(studio, user);
    const before = await modelOf(user, modelId);
    const [first, second] = await uploadPhotos(studio, user, 2);

    const added = await studio.as(user, 'POST', `/api/user/models/${modelId}/photos`, {
      json: { photoIds: [first, second, first, before.trainingPhotos[0]] },
    });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({
      modelId,
      status: 'ready',
      trainingPhotos: [...before.trainingPhotos, first, second],
      avatar: expect.stringContaining('/api/files/'),
    });
    expect((await modelOf(user, modelId)).trainingPhotos).toEqual(added.body.trainingPhotos);
    const photos = await studio.as(user, 'GET', '/api/media/training-photos');
    const firstPhoto = photos.body.items.find(
      (item: { imageId: string }) => item.imageId === first,
    );
    expect(firstPhoto.modelIds).toEqual([modelId]);
  });

  it('offers smaller thumbnails: in the photo list and as the avatar, unless stored before them', async () => {
    const user = newUser('Mary');
    const modelId = await trainReadyModel(studio, user);
    const { trainingPhotos, avatar } = await modelOf(user, modelId);
    expect(avatar).toContain(`${trainingPhotos[0]}/thumbnail-small?`);
    const listed = await studio.as(user, 'GET', '/api/media/training-photos?includeUrls=true');
    const first = listed.body.items.find(
      (item: { imageId: string }) => item.imageId === trainingPhotos[0],
    );
    for (const [url, size] of [
      [first.smallThumbnailUrl, 256],
      [first.mediumThumbnailUrl, 384],
    ]) {
      const thumbnail = await fetch(url);
      expect(thumbnail.status).toBe(200);
      expect(thumbnail.headers.get('content-type')).toBe('image/webp');
      const { width, height } = await sharp(Buffer.from(await thumbnail.arrayBuffer())).metadata();
      expect(Math.max(width, height)).toBeLessThanOrEqual(size);
    }

    // A photo stored before small thumbnails existed has none: its tiles keep the thumbnail.
    await studio.running.app.db
      .updateTable('media')
      .set({ small_thumbnail: 0, medium_thumbnail: 0 })
      .where('id', '=', trainingPhotos[0])
      .execute();
    expect((await modelOf(user, modelId)).avatar).toContain(`${trainingPhotos[0]}/thumbnail?`);
    const relisted = await studio.as(user, 'GET', '/api/media/training-photos?includeUrls=true');
    const older = relisted.body.items.find(
      (item: { imageId: string }) => item.imageId === trainingPhotos[0],
    );
    expect(older.thumbnailUrl).toEqual(expect.any(String));
    expect(older).not.toHaveProperty('smallThumbnailUrl');
    expect(older).not.toHaveProperty('mediumThumbnailUrl');
  });

  it('persists a new order of the photos; the first one is the avatar', async () => {
    const user = newUser('Grace');
    const modelId = await trainReadyModel(studio, user);
    const { trainingPhotos, avatar } = await modelOf(user, modelId);
    const reversed = [...trainingPhotos].reverse();

    const ordered = await studio.as(user, 'PUT', `/api/user/models/${modelId}/photos/order`, {
      json: { photoIds: reversed },
    });
    expect(ordered.status).toBe(200);
    expect(ordered.body.trainingPhotos).toEqual(reversed);
    const reread = await modelOf(user, modelId);
    expect(reread.trainingPhotos).toEqual(reversed);
    // Signed URLs differ per signing; the key inside names the photo.
    expect(reread.avatar).toContain(reversed[0]);
    expect(avatar).toContain(trainingPhotos[0]);
  });

  it('refuses bad input with the texts, and only the owner may touch a model', async () => {
    const owner = newUser('Owner');
    const stranger = newUser('Stranger');
    const modelId = await trainReadyModel(studio, owner);
    const { trainingPhotos } = await modelOf(owner, modelId);
    const [ownPhoto] = await uploadPhotos(studio, owner, 1);
    const [strangerPhoto] = await uploadPhotos(studio, stranger, 1);
    const add = (as: typeof owner, body: unknown, id = modelId) =>
      studio.as(as, 'POST', `/api/user/models/${id}/photos`, { json: body });
    const order = (as: typeof owner, body: unknown, id = modelId) =>
      studio.as(as, 'PUT', `/api/user/models/${id}/photos/order`, { json: body });

    for (const response of [
      await add(stranger, { photoIds: [strangerPhoto] }),
      await order(stranger, { photoIds: trainingPhotos }),
      await add(owner, { photoIds: [ownPhoto] }, 'no-such-model'),
    ]) {
      expect(response.status).toBe(404);
      expect(response.body.message).toBe(API_TEXT.modelNotFound);
    }
    const foreign = await add(owner, { photoIds: [strangerPhoto] });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe(API_TEXT.trainingPhotosNotFound);

    for (const body of [{}, { photoIds: [] }, { photoIds: 'x' }, { photoIds: [42] }]) {
      expect((await add(owner, body)).status).toBe(400);
    }
    const many = await uploadPhotos(studio, owner, 16);
    const tooMany = await add(owner, { photoIds: many });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe(tooManyPhotos(trainingPhotos.length + many.length));
    expect((await modelOf(owner, modelId)).trainingPhotos).toEqual(trainingPhotos);

    for (const photoIds of [
      trainingPhotos.slice(1),
      [...trainingPhotos, trainingPhotos[0]],
      [...trainingPhotos.slice(1), ownPhoto],
    ]) {
      const response = await order(owner, { photoIds });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(API_TEXT.photoOrderMismatch);
    }
    expect((await modelOf(owner, modelId)).trainingPhotos).toEqual(trainingPhotos);

    const unauthenticated = await studio.running.app.inject({
      method: 'POST',
      url: `/api/user/models/${modelId}/photos`,
      payload: { photoIds: [ownPhoto] },
    });
    expect(unauthenticated.statusCode).toBe(401);
  });

  it('answers 404 for a photo deleted between its check and its link, adding or training', async () => {
    const { training, media } = studio.running.app;
    const check = training.checkPhotos.bind(training);
    /** The request, with another tab deleting `photoId` just after the request checked it. */
    async function racingDelete(
      user: ReturnType<typeof newUser>,
      photoId: string,
      send: () => Promise<{ status: number; body: { message?: string } }>,
    ) {
      const userId = await userIdOf(studio, user);
      training.checkPhotos = async (checkedUser, ids) => {
        await check(checkedUser, ids);
        await media.delete((await media.findOwned(userId, photoId))!);
      };
      try {
        const answer = await send();
        expect({ status: answer.status, message: answer.body.message }).toEqual({
          status: 404,
          message: API_TEXT.trainingPhotosNotFound,
        });
      } finally {
        training.checkPhotos = check;
      }
    }

    const adding = newUser('Grace');
    const modelId = await trainReadyModel(studio, adding);
    const [added] = await uploadPhotos(studio, adding, 1);
    await racingDelete(adding, added!, () =>
      studio.as(adding, 'POST', `/api/user/models/${modelId}/photos`, {
        json: { photoIds: [added] },
      }),
    );

    const starting = newUser('Hedy');
    const photos = await uploadPhotos(studio, starting, 5);
    await racingDelete(starting, photos[4]!, () =>
      studio.as(starting, 'POST', '/api/media/start-training', {
        json: { modelName: 'Hedy', photoIds: photos },
      }),
    );
    expect((await studio.as(starting, 'GET', '/api/user')).body.models).toEqual([]);
  });

  it('leaves the photos of a model in training alone (409)', async () => {
    const user = newUser('Training');
    const photoIds = await uploadPhotos(studio, user, 6);
    const started = await studio.as(user, 'POST', '/api/media/start-training', {
      json: { modelName: 'Busy', triggerWord: '', photoIds: photoIds.slice(0, 5) },
    });
    expect(started.status).toBe(202);
    const { modelId } = started.body;
    for (const response of [
      await studio.as(user, 'POST', `/api/user/models/${modelId}/photos`, {
        json: { photoIds: [photoIds[5]] },
      }),
      await studio.as(user, 'PUT', `/api/user/models/${modelId}/photos/order`, {
        json: { photoIds: photoIds.slice(0, 5).reverse() },
      }),
    ]) {
      expect(response.status).toBe(409);
      expect(response.body.message).toBe(API_TEXT.modelPhotosLocked);
    }
  });

  it('keeps the photos of a built-in model, which generates from them (409), and checks the owner', async () => {
    const user = newUser('Builtin');
    const modelId = await trainReadyModel(studio, user);
    const before = await modelOf(user, modelId);
    expect(before.capabilities).toMatchObject({ needsTrainingPhotos: true });

    const refused = await studio.as(user, 'DELETE', `/api/user/models/${modelId}/photos`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(API_TEXT.engineNeedsPhotos);
    for (const response of [
      await studio.as(newUser('Other'), 'DELETE', `/api/user/models/${modelId}/photos`),
      await studio.as(user, 'DELETE', `/api/user/models/${randomUUID()}/photos`),
    ]) {
      expect(response.status).toBe(404);
      expect(response.body.message).toBe(API_TEXT.modelNotFound);
    }
    expect((await modelOf(user, modelId)).trainingPhotos).toEqual(before.trainingPhotos);
    const stored = await studio.running.app.storage.read(
      mediaKeys(await userIdOf(studio, user), before.trainingPhotos[0]).web,
    );
    expect(stored).toBeDefined();
    stored?.stream.destroy();
  });

  it('deletes photos only of a ready model (409), and says so when the provider is out of reach (503)', async () => {
    const user = newUser('Provider');
    const photoIds = await uploadPhotos(studio, user, 5);
    const started = await studio.as(user, 'POST', '/api/media/start-training', {
      json: { modelName: 'Waiting', triggerWord: '', photoIds },
    });
    const { modelId } = started.body;
    const training = await studio.as(user, 'DELETE', `/api/user/models/${modelId}/photos`);
    expect(training.status).toBe(409);
    expect(training.body.message).toBe(API_TEXT.onlyReadyModelPhotosDeletable);

    // Trained on Replicate, on a server that no longer has it configured: nothing can be
    // deleted there, so nothing is deleted here.
    await studio.running.app.db
      .updateTable('models')
      .set({ status: 'ready', engine: 'replicate', replicate_version: 'o/m:v' })
      .where('id', '=', modelId)
      .execute();
    const unreachable = await studio.as(user, 'DELETE', `/api/user/models/${modelId}/photos`);
    expect(unreachable.status).toBe(503);
    expect(unreachable.body.message).toBe(API_TEXT.providerUnavailable);
    expect((await modelOf(user, modelId)).trainingPhotos).toEqual(photoIds);
  });
});
