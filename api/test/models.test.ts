import { API_TEXT, TRAINING_TEXT, modelLimitReached, tooManyPhotos } from '@app/shared/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeAdmin,
  markModelReady,
  trainReadyModel,
  uploadPhotos,
  userIdOf,
} from './support/fixtures';
import { newUser, startStudio, type Studio } from './support/studio';
import { DIALECTS } from './support/test-database';

describe.each(DIALECTS)('models and training on %s', { timeout: 30_000 }, (dialect) => {
  let studio: Studio;
  beforeAll(async () => {
    studio = await startStudio({ WRITE_RATE_LIMIT_PER_MINUTE: '10000' }, dialect);
  }, 30_000);
  afterAll(() => studio.stop());

  it('starts a training: a model in training and a durable queued job', async () => {
    const user = newUser('Ada Lovelace');
    const photoIds = await uploadPhotos(studio, user, 5);
    const started = await studio.as(user, 'POST', '/api/media/start-training', {
      json: { modelName: ' Ada Lovelace ', triggerWord: '', photoIds },
    });
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({
      status: 'training',
      job: { kind: 'train', status: 'queued', output: [], error: null },
      model: {
        name: 'Ada Lovelace',
        triggerWord: 'adalovelace',
        status: 'training',
        trainingPhotos: photoIds,
        avatar: expect.stringContaining('/api/files/'),
      },
    });
    const row = await studio.running.app.db
      .selectFrom('jobs')
      .selectAll()
      .where('id', '=', started.body.jobId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'queued', kind: 'train', model_id: started.body.modelId });
    expect(JSON.parse(row.input)).toEqual({
      modelId: started.body.modelId,
      triggerWord: 'adalovelace',
      photoIds,
    });

    const profile = await studio.as(user, 'GET', '/api/user');
    expect(profile.body).toMatchObject({ modelStatus: 'training', modelId: null });
    expect(profile.body.models).toHaveLength(1);
    const status = await studio.as(user, 'GET', '/api/user/training-status');
    expect(status.body).toMatchObject({
      modelStatus: 'training',
      isTraining: true,
      models: [{ modelId: started.body.modelId, jobId: started.body.jobId, jobStatus: 'queued' }],
    });
    const job = await studio.as(user, 'GET', `/api/generate/status/${started.body.jobId}`);
    expect(job.body).toMatchObject({ id: started.body.jobId, status: 'queued' });
    const photos = await studio.as(user, 'GET', '/api/media/training-photos');
    expect(photos.body.items[0].modelIds).toEqual([started.body.modelId]);
    // The photos of a model in training stay put.
    const deletePhoto = await studio.as(
      user,
      'DELETE',
      `/api/media/training-photos/${photoIds[0]}`,
    );
    expect(deletePhoto.status).toBe(409);
    expect(deletePhoto.body.message).toBe(API_TEXT.photoInTraining);
  });

  it('applies the spec rules with its texts', async () => {
    const user = newUser();
    const photoIds = await uploadPhotos(studio, user, 5);
    const start = (json: unknown) => studio.as(user, 'POST', '/api/media/start-training', { json });
    const cases: [unknown, number, string][] = [
      [{ modelName: '  ', photoIds }, 400, TRAINING_TEXT.modelNameRequired],
      [{ modelName: 'x'.repeat(21), photoIds }, 400, TRAINING_TEXT.modelNameTooLong],
      [
        { modelName: 'Ok', triggerWord: 'two words', photoIds },
        400,
        TRAINING_TEXT.triggerWordHasSpace,
      ],
      [{ modelName: 'Ok', photoIds: photoIds.slice(0, 4) }, 400, TRAINING_TEXT.notEnoughPhotos],
      [
        {
          modelName: 'Ok',
          photoIds: [...photoIds, ...Array.from({ length: 16 }, (_, i) => `x${i}`)],
        },
        400,
        tooManyPhotos(21),
      ],
      [
        { modelName: 'Ok', photoIds: [...photoIds.slice(0, 4), 'nope'] },
        404,
        API_TEXT.trainingPhotosNotFound,
      ],
    ];
    for (const [body, status, message] of cases) {
      const response = await start(body);
      expect({ status: response.status, message: response.body.message }).toEqual({
        status,
        message,
      });
    }
    const wrongType = await start({ modelName: 7, photoIds });
    expect(wrongType.status).toBe(400);
    // Nothing was created by the refusals.
    expect((await studio.as(user, 'GET', '/api/user')).body.models).toEqual([]);
  });

  it('trains on all unassigned photos, named after the user, for the empty-body client', async () => {
    const user = newUser('Grace Hopper');
    const photoIds = await uploadPhotos(studio, user, 6);
    const started = await studio.as(user, 'POST', '/api/media/start-training');
    expect(started.status).toBe(202);
    expect(started.body.model).toMatchObject({ name: 'Grace Hopper', triggerWord: 'gracehopper' });
    expect([...started.body.model.trainingPhotos].sort()).toEqual([...photoIds].sort());
  });

  it('enforces the model limit (free 1) and one training at a time', async () => {
    const free = newUser();
    await trainReadyModel(studio, free);
    const photoIds = await uploadPhotos(studio, free, 5);
    const second = await studio.as(free, 'POST', '/api/media/start-training', {
      json: { modelName: 'Second', photoIds },
    });
    expect(second.status).toBe(403);
    expect(second.body.message).toBe(modelLimitReached(1));

    const admin = newUser();
    await makeAdmin(studio, admin);
    const adminPhotos = await uploadPhotos(studio, admin, 10);
    const first = await studio.as(admin, 'POST', '/api/media/start-training', {
      json: { modelName: 'One', photoIds: adminPhotos.slice(0, 5) },
    });
    expect(first.status).toBe(202);
    const parallel = await studio.as(admin, 'POST', '/api/media/start-training', {
      json: { modelName: 'Two', photoIds: adminPhotos.slice(5) },
    });
    expect(parallel.status).toBe(409);
    expect(parallel.body.message).toBe(API_TEXT.modelAlreadyTraining);
  });

  it('holds the limit when a free user starts trainings at the same moment', async () => {
    const free = newUser();
    const photoIds = await uploadPhotos(studio, free, 20);
    const starts = await Promise.all(
      [0, 5, 10, 15].map((from, index) =>
        studio.as(free, 'POST', '/api/media/start-training', {
          json: { modelName: `Rush ${index}`, photoIds: photoIds.slice(from, from + 5) },
        }),
      ),
    );
    expect(starts.map((start) => start.status).sort()).toEqual([202, 403, 403, 403]);
    expect((await studio.as(free, 'GET', '/api/user')).body.models).toHaveLength(1);
  });

  it('answers a retried start with the same Idempotency-Key with the first job', async () => {
    const user = newUser();
    const photoIds = await uploadPhotos(studio, user, 5);
    const send = () =>
      studio.as(user, 'POST', '/api/media/start-training', {
        json: { modelName: 'Once', photoIds },
        headers: { 'idempotency-key': 'train-once-1' },
      });
    const [a, b] = await Promise.all([send(), send()]);
    expect(a.status).toBe(202);
    expect(b.status).toBe(202);
    expect(b.body.jobId).toBe(a.body.jobId);
    expect((await studio.as(user, 'GET', '/api/user')).body.models).toHaveLength(1);
    const bad = await studio.as(user, 'POST', '/api/media/start-training', {
      json: { modelName: 'Once', photoIds },
      headers: { 'idempotency-key': 'has space' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(API_TEXT.idempotencyKeyInvalid);
  });

  it('deletes only ready models, reorders, and keeps the legacy single-model calls', async () => {
    const user = newUser();
    await makeAdmin(studio, user);
    const first = await trainReadyModel(studio, user, 'First');
    const second = await trainReadyModel(studio, user, 'Second');
    const photoIds = await uploadPhotos(studio, user, 5);
    const training = await studio.as(user, 'POST', '/api/media/start-training', {
      json: { modelName: 'Third', photoIds },
    });
    const third: string = training.body.modelId;

    const notReady = await studio.as(user, 'DELETE', `/api/user/models/delete?modelId=${third}`);
    expect(notReady.status).toBe(409);
    expect(notReady.body.message).toBe(API_TEXT.onlyReadyModelDeletable);

    const reordered = await studio.as(user, 'PUT', '/api/user/models/reorder', {
      json: { modelIds: [third, second, first] },
    });
    expect(reordered.status).toBe(200);
    expect(reordered.body.models.map((model: { modelId: string }) => model.modelId)).toEqual([
      third,
      second,
      first,
    ]);
    const partial = await studio.as(user, 'PUT', '/api/user/models/reorder', {
      json: { modelIds: [third, second] },
    });
    expect(partial.status).toBe(400);
    expect(partial.body.message).toBe(API_TEXT.reorderMismatch);

    // Legacy: the first ready model in the user's order, until one is chosen.
    expect((await studio.as(user, 'GET', '/api/user')).body.modelId).toBe(second);
    const chosen = await studio.as(user, 'PUT', '/api/user/model', { json: { modelId: first } });
    expect(chosen.status).toBe(200);
    expect(chosen.body.modelId).toBe(first);
    const notReadyChoice = await studio.as(user, 'PUT', '/api/user/model', {
      json: { modelId: third },
    });
    expect(notReadyChoice.body.message).toBe(API_TEXT.modelNotReady);
    const legacyDelete = await studio.as(user, 'DELETE', '/api/user/model');
    expect(legacyDelete.body).toEqual({ modelId: first, deleted: true });

    const deleted = await studio.as(user, 'DELETE', `/api/user/models/delete?modelId=${second}`);
    expect(deleted.body).toEqual({ modelId: second, deleted: true });
    const profile = await studio.as(user, 'GET', '/api/user');
    expect(profile.body.models.map((model: { modelId: string }) => model.modelId)).toEqual([third]);
    expect(profile.body.modelId).toBeNull();
    expect((await studio.as(user, 'DELETE', '/api/user/model')).status).toBe(404);
    expect((await studio.as(user, 'DELETE', '/api/user/models/delete')).status).toBe(400);
    await markModelReady(studio, third);
    expect((await studio.as(user, 'GET', '/api/user')).body.modelStatus).toBe('ready');
    expect(await userIdOf(studio, user)).toEqual(expect.any(String));
  });
});
