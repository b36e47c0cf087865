import { API_TEXT, TRAINING_TEXT, modelLimitReached } from '@app/shared/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeAdmin,
  markModelFailed,
  trainReadyModel,
  uploadPhotos,
  userIdOf,
} from './support/fixtures';
import { newUser, startStudio, type Studio } from './support/studio';
import { DIALECTS } from './support/test-database';

type User = ReturnType<typeof newUser>;

/** POST /user/models/{modelId}/retry: a failed model trains again in place, on its photos. */
describe.each(DIALECTS)('retrying a failed training on %s', { timeout: 30_000 }, (dialect) => {
  let studio: Studio;
  beforeAll(async () => {
    studio = await startStudio({ WRITE_RATE_LIMIT_PER_MINUTE: '10000' }, dialect);
  }, 30_000);
  afterAll(() => studio.stop());

  async function failedModel(user: User, photos = 5): Promise<{ modelId: string; ids: string[] }> {
    const ids = await uploadPhotos(studio, user, photos);
    const started = await studio.as(user, 'POST', '/api/media/start-training', {
      json: { modelName: 'Ada Lovelace', triggerWord: '', photoIds: ids },
    });
    expect(started.status).toBe(202);
    await markModelFailed(studio, started.body.modelId);
    return { modelId: started.body.modelId, ids };
  }

  const retry = (user: User, modelId: string, headers: Record<string, string> = {}) =>
    studio.as(user, 'POST', `/api/user/models/${modelId}/retry`, { headers });

  it('trains the same model again on the same photos, with a new job', async () => {
    const user = newUser('Ada');
    const { modelId, ids } = await failedModel(user);
    const before = await studio.as(user, 'GET', '/api/user');
    expect(before.body.models[0]).toMatchObject({ status: 'failed', failureReason: /Only 3/ });

    const answer = await retry(user, modelId, { 'idempotency-key': 'retry-1' });
    expect(answer.status).toBe(202);
    expect(answer.body).toMatchObject({
      modelId,
      status: 'training',
      job: { kind: 'train', status: 'queued', modelId },
      model: {
        modelId,
        name: 'Ada Lovelace',
        triggerWord: 'adalovelace',
        status: 'training',
        trainingPhotos: ids,
        failureReason: null,
        photoIssues: [],
      },
    });
    const job = await studio.running.app.jobs.findOwned(
      await userIdOf(studio, user),
      answer.body.jobId,
    );
    expect(job?.input).toEqual({ modelId, triggerWord: 'adalovelace', photoIds: ids });
    // A double tap with the same key is the same job, not a second training.
    const again = await retry(user, modelId, { 'idempotency-key': 'retry-1' });
    expect(again.status).toBe(202);
    expect(again.body.jobId).toBe(answer.body.jobId);
    const after = await studio.as(user, 'GET', '/api/user');
    expect(after.body.models).toHaveLength(1);
  });

  it('refuses a model that did not fail, one of another user, and a missing one', async () => {
    const user = newUser('Grace');
    const ready = await trainReadyModel(studio, user);
    const refused = await retry(user, ready);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(API_TEXT.onlyFailedModelRetried);

    const stranger = newUser('Mallory');
    const { modelId } = await failedModel(stranger);
    const foreign = await retry(user, modelId);
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe(API_TEXT.modelNotFound);
    expect((await retry(user, 'missing')).status).toBe(404);
    const untouched = await studio.as(stranger, 'GET', '/api/user');
    expect(untouched.body.models[0].status).toBe('failed');
  });

  it('needs 5 photos, like a new training, and keeps the model failed when refused', async () => {
    const user = newUser('Hopper');
    const { modelId, ids } = await failedModel(user);
    await studio.as(user, 'DELETE', `/api/media/training-photos/${ids[0]}`);
    const refused = await retry(user, modelId);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(TRAINING_TEXT.notEnoughPhotos);

    const [added] = await uploadPhotos(studio, user, 1);
    await studio.as(user, 'POST', `/api/user/models/${modelId}/photos`, {
      json: { photoIds: [added] },
    });
    const accepted = await retry(user, modelId);
    expect(accepted.status).toBe(202);
    expect(accepted.body.model.trainingPhotos).toEqual([...ids.slice(1), added]);
  });

  it('keeps to the model limit and to one training at a time', async () => {
    const user = newUser('Limited');
    const { modelId } = await failedModel(user);
    // The free limit is 1: a failed model holds no slot, so a second model could be made ...
    const second = await trainReadyModel(studio, user);
    expect(second).toBeTruthy();
    // ... and then the failed one cannot come back.
    const overLimit = await retry(user, modelId);
    expect(overLimit.status).toBe(403);
    expect(overLimit.body.message).toBe(modelLimitReached(1));

    const admin = newUser('Busy');
    await makeAdmin(studio, admin);
    const failed = await failedModel(admin);
    const photos = await uploadPhotos(studio, admin, 5);
    await studio.as(admin, 'POST', '/api/media/start-training', {
      json: { modelName: 'Other', photoIds: photos },
    });
    const busy = await retry(admin, failed.modelId);
    expect(busy.status).toBe(409);
    expect(busy.body.message).toBe(API_TEXT.modelAlreadyTraining);
  });

  it("deletes a failed model (its photos stay), and not another user's", async () => {
    const user = newUser('Hedy');
    const { modelId, ids } = await failedModel(user);
    const stranger = await studio.as(
      newUser('Eve'),
      'DELETE',
      `/api/user/models/delete?modelId=${modelId}`,
    );
    expect(stranger.status).toBe(404);
    const deleted = await studio.as(user, 'DELETE', `/api/user/models/delete?modelId=${modelId}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ modelId, deleted: true });
    const after = await studio.as(user, 'GET', '/api/user');
    expect(after.body.models).toEqual([]);
    const photos = await studio.as(user, 'GET', '/api/media/training-photos');
    expect(photos.status).toBe(200);
    expect(JSON.stringify(photos.body)).toContain(ids[0]);
  });
});
