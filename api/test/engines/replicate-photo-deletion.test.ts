import { API_TEXT } from '@app/shared/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaKeys } from '../../src/storage/keys';
import { makeAdmin, trainToEnd, uploadJpegs, userIdOf } from '../support/fixtures';
import { smallSubjectPhoto } from '../support/images';
import { ReplicateDouble } from '../support/replicate-double';
import { startReplicateStudio, startReplicateWorker } from '../support/replicate-studio';
import { newUser, type Studio } from '../support/studio';

const LISA = ['01.jpg', '02.jpg', '03.jpg', '04.jpg', '05.jpg', '06.jpg'];

/**
 * "Delete my training photos" on a model trained on Replicate (through the double of its
 * documented API and the real client): the photos' rows and files go, and so does the training
 * zip uploaded to Replicate's files API; the model keeps generating from its LoRA.
 */
describe('deleting the training photos of a Replicate model', { timeout: 120_000 }, () => {
  let double: ReplicateDouble;
  let studio: Studio;
  let worker: { stop(): Promise<void> };
  const user = newUser('Lisa Photos');

  beforeAll(async () => {
    double = await ReplicateDouble.start();
    studio = await startReplicateStudio(double);
    worker = await startReplicateWorker(studio);
  });
  afterAll(async () => {
    await studio.stop();
    await worker.stop();
    await double.close();
  });

  /** The zips of a model at Replicate's files API (tagged with its id when uploaded). */
  const zipsOf = (modelId: string) =>
    [...double.files.values()].filter(
      (file) => (file.object?.metadata as { modelId?: string } | undefined)?.modelId === modelId,
    );

  async function modelOf(modelId: string) {
    const profile = await studio.as(user, 'GET', '/api/user');
    return profile.body.models.find((model: { modelId: string }) => model.modelId === modelId);
  }

  async function stored(userId: string, photoId: string): Promise<boolean> {
    const found = await studio.running.app.storage.read(mediaKeys(userId, photoId).original);
    found?.stream.destroy();
    return found !== undefined;
  }

  async function trainingRows(userId: string): Promise<string[]> {
    const rows = await studio.running.app.db
      .selectFrom('media')
      .select('id')
      .where('user_id', '=', userId)
      .where('type', '=', 'training')
      .execute();
    return rows.map((row) => row.id).sort();
  }

  it('deletes rows, files and the uploaded zip; photos another model uses stay; the model still generates', async () => {
    await makeAdmin(studio, user);
    const userId = await userIdOf(studio, user);
    const photos = await Promise.all(
      LISA.map(async (filename) => ({
        data: await smallSubjectPhoto('lisa_debruine', filename),
        filename,
      })),
    );
    const ids = await uploadJpegs(studio, user, photos);
    const first = await trainToEnd(studio, user, 'Lisa', ids);
    const second = await trainToEnd(studio, user, 'Lisa again', ids.slice(1));
    for (const { status } of [first, second]) expect(status).toMatchObject({ status: 'ready' });
    expect(zipsOf(first.modelId)).toHaveLength(1);
    expect(zipsOf(second.modelId)).toHaveLength(1);
    expect((await modelOf(first.modelId)).capabilities).toMatchObject({
      needsTrainingPhotos: false,
    });

    const foreign = await studio.as(
      newUser('Someone Else'),
      'DELETE',
      `/api/user/models/${first.modelId}/photos`,
    );
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe(API_TEXT.modelNotFound);
    expect(zipsOf(first.modelId)).toHaveLength(1);
    expect(await trainingRows(userId)).toEqual([...ids].sort());

    const deleted = await studio.as(user, 'DELETE', `/api/user/models/${first.modelId}/photos`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({
      modelId: first.modelId,
      status: 'ready',
      trainingPhotos: [],
      avatar: null,
    });
    expect(double.requests).toContain('GET /v1/files');
    expect(zipsOf(first.modelId)).toEqual([]);
    expect(zipsOf(second.modelId)).toHaveLength(1);
    // The photo only the first model had is gone; the second model keeps the ones it uses.
    expect(await trainingRows(userId)).toEqual(ids.slice(1).sort());
    expect(await stored(userId, ids[0]!)).toBe(false);
    expect(await stored(userId, ids[1]!)).toBe(true);
    expect((await modelOf(second.modelId)).trainingPhotos).toEqual(ids.slice(1));

    const generated = await studio.as(user, 'POST', '/api/generate/text-to-image', {
      json: { prompt: 'a natural portrait', aspect_ratio: '1:1', model_ids: [first.modelId] },
    });
    expect(generated.status).toBe(200);
    expect(generated.body).toMatchObject({ status: 'succeeded', error: null });

    const again = await studio.as(user, 'DELETE', `/api/user/models/${second.modelId}/photos`);
    expect(again.status).toBe(200);
    expect(await trainingRows(userId)).toEqual([]);
    for (const id of ids) expect(await stored(userId, id)).toBe(false);
    expect(zipsOf(second.modelId)).toEqual([]);
  });
});
