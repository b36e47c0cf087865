import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { API_TEXT } from '@app/shared/spec';
import { sweepSettledEditInputs } from '../src/services/settled-edit-inputs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trainReadyModel, userIdOf } from './support/fixtures';
import { facePhoto, solidPng } from './support/images';
import { newUser, startStudio, type Studio } from './support/studio';

/** Issue #40: a failed or canceled generation never counts toward a limit, per minute included. */
describe('the per-minute write limit of generations', { timeout: 60_000 }, () => {
  let studio: Studio;
  beforeAll(async () => {
    // No worker in this process: every generation stays queued until the test ends it.
    studio = await startStudio({ WRITE_RATE_LIMIT_PER_MINUTE: '3' });
  });
  afterAll(() => studio.stop());

  it('gives the turn of a failed or canceled generation back; others still count', async () => {
    const user = newUser('Katherine Johnson');
    const model = await trainReadyModel(studio, user);
    const generate = () =>
      studio.as(user, 'POST', '/api/generate/text-to-image', {
        json: { prompt: 'me on the moon', model_ids: [model] },
      });
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const answer = await generate();
      expect(answer.status).toBe(202);
      ids.push(answer.body.id);
    }
    const refused = await generate();
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: 'TooManyRequests', message: API_TEXT.tooManyRequests });

    // One canceled by the user, one failed at the engine: two turns back.
    expect((await studio.as(user, 'POST', `/api/generate/cancel/${ids[0]}`)).status).toBe(200);
    await studio.running.app.db
      .updateTable('jobs')
      .set({ status: 'failed', error: 'The engine failed.' })
      .where('id', '=', ids[1]!)
      .execute();
    expect((await generate()).status).toBe(202);
    expect((await generate()).status).toBe(202);
    // The queued one and the two new ones count: the limit holds.
    expect((await generate()).status).toBe(429);

    // Another user's limit is their own.
    const other = newUser('Dorothy Vaughan');
    const otherModel = await trainReadyModel(studio, other);
    const theirs = await studio.as(other, 'POST', '/api/generate/text-to-image', {
      json: { prompt: 'a portrait', model_ids: [otherModel] },
    });
    expect(theirs.status).toBe(202);
    expect(await userIdOf(studio, other)).not.toBe(await userIdOf(studio, user));
  });

  it('stores no files for an edit it refuses, nor for one repeated with its Idempotency-Key', async () => {
    const user = newUser('Mary Jackson');
    const model = await trainReadyModel(studio, user);
    const mask = await solidPng(512, 512);
    const edit = (key?: string) => {
      const form = new FormData();
      form.set('prompt', 'warm light');
      form.set('model_ids', JSON.stringify([model]));
      form.set('image', new Blob([facePhoto()], { type: 'image/jpeg' }), 'me.jpg');
      form.set('mask', new Blob([mask], { type: 'image/png' }), 'mask.png');
      return studio.as(user, 'POST', '/api/generate/edit-image', {
        body: form,
        ...(key ? { headers: { 'idempotency-key': key } } : {}),
      });
    };
    const first = await edit('edit-1');
    expect(first.status).toBe(202);
    const repeated = await edit('edit-1');
    expect(repeated.status).toBe(202);
    expect(repeated.body.id).toBe(first.body.id);
    expect((await edit()).status).toBe(202);
    expect((await edit()).status).toBe(202);
    expect((await edit()).status).toBe(429);

    // One folder of inputs per queued edit, and the storage counts each once.
    const userId = await userIdOf(studio, user);
    const inputs = join(studio.running.config.dataDir, 'files', 'users', userId, 'inputs');
    const edits = await studio.running.app.db
      .selectFrom('jobs')
      .select(['input_bytes'])
      .where('user_id', '=', userId)
      .where('kind', '=', 'edit')
      .execute();
    expect(edits).toHaveLength(3);
    expect(await readdir(inputs)).toHaveLength(3);
    const profile = await studio.as(user, 'GET', '/api/user');
    expect(profile.body.storageUsed).toBeGreaterThanOrEqual(
      edits.reduce((sum, job) => sum + (job.input_bytes ?? 0), 0),
    );
  });

  it('frees an edit’s photo and mask once its job has ended, and only then', async () => {
    const user = newUser('Annie Easley');
    const model = await trainReadyModel(studio, user);
    const mask = await solidPng(512, 512);
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const form = new FormData();
      form.set('prompt', 'warm light');
      form.set('model_ids', JSON.stringify([model]));
      form.set('image', new Blob([facePhoto()], { type: 'image/jpeg' }), 'me.jpg');
      form.set('mask', new Blob([mask], { type: 'image/png' }), 'mask.png');
      const answer = await studio.as(user, 'POST', '/api/generate/edit-image', { body: form });
      expect(answer.status).toBe(202);
      ids.push(answer.body.id);
    }
    const userId = await userIdOf(studio, user);
    const inputs = join(studio.running.config.dataDir, 'files', 'users', userId, 'inputs');
    const used = async () => (await studio.as(user, 'GET', '/api/user')).body.storageUsed as number;
    const before = await used();
    const { db, storage } = studio.running.app;
    const [inputBytes] = await db
      .selectFrom('jobs')
      .select('input_bytes')
      .where('id', '=', ids[0]!)
      .execute();

    // One canceled, one failed: their inputs go; the queued one keeps its own.
    expect((await studio.as(user, 'POST', `/api/generate/cancel/${ids[0]}`)).status).toBe(200);
    await db.updateTable('jobs').set({ status: 'failed' }).where('id', '=', ids[1]!).execute();
    expect(await sweepSettledEditInputs(db, storage)).toBeGreaterThanOrEqual(2);
    expect(await readdir(inputs)).toHaveLength(1);
    expect(await used()).toBe(before - 2 * inputBytes!.input_bytes!);
    // Nothing is left to do twice.
    await sweepSettledEditInputs(db, storage);
    expect(await readdir(inputs)).toHaveLength(1);
  });
});
