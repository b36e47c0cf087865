import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { API_TEXT, EDIT_MASK_TEXT, FILE_TEXT, GENERATE_TEXT, invalidField } from '@app/shared/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './support/api-client';
import { makeAdmin, trainReadyModel, uploadPhotos } from './support/fixtures';
import { facePhoto, heicFixture, smallSubjectPhoto, solidPng } from './support/images';
import { rectanglesMask } from './support/masks';
import { newUser, startStudio, type Studio } from './support/studio';
import type { TestUser } from './support/tokens';
import { DIALECTS } from './support/test-database';

describe.each(DIALECTS)('generation on %s', { timeout: 30_000 }, (dialect) => {
  let studio: Studio;
  let user: TestUser;
  let ready: string[];
  beforeAll(async () => {
    studio = await startStudio({ WRITE_RATE_LIMIT_PER_MINUTE: '10000' }, dialect);
    user = newUser();
    await makeAdmin(studio, user);
    ready = [await trainReadyModel(studio, user, 'Me'), await trainReadyModel(studio, user, 'You')];
  }, 30_000);
  afterAll(() => studio.stop());

  it('queues text-to-image with 1-2 ready models and answers with the job record', async () => {
    const response = await studio.as(user, 'POST', '/api/generate/text-to-image', {
      json: { prompt: ' me at the beach ', aspect_ratio: '16:9', model_ids: ready },
    });
    expect(response.status).toBe(202);
    expect(response.body).toMatchObject({
      kind: 'generate',
      status: 'queued',
      output: [],
      error: null,
    });
    const row = await studio.running.app.db
      .selectFrom('jobs')
      .select('input')
      .where('id', '=', response.body.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.input)).toEqual({
      prompt: 'me at the beach',
      aspectRatio: '16:9',
      modelIds: ready,
    });
    const status = await studio.as(user, 'GET', `/api/generate/status/${response.body.id}`);
    expect(status.body).toMatchObject({ id: response.body.id, status: 'queued', output: [] });
  });

  it('keeps POST /generate for the older client (replicateJobId, default model)', async () => {
    const response = await studio.as(user, 'POST', '/api/generate', { json: { prompt: 'hello' } });
    expect(response.status).toBe(202);
    expect(response.body.replicateJobId).toBe(response.body.id);
    expect(response.body.modelId).toBe(ready[0]);
  });

  it('refuses with the spec texts in the spec order', async () => {
    const someoneElse = newUser();
    const [othersModel] = [await trainReadyModel(studio, someoneElse)];
    const photos = await uploadPhotos(studio, user, 5);
    const training = await studio.as(user, 'POST', '/api/media/start-training', {
      json: { modelName: 'Busy', photoIds: photos },
    });
    const cases: [unknown, number, string][] = [
      [{ prompt: '   ', model_ids: ready }, 400, GENERATE_TEXT.enterPrompt],
      [{ model_ids: ready }, 400, GENERATE_TEXT.enterPrompt],
      [{ prompt: 'x', model_ids: [] }, 400, GENERATE_TEXT.selectModel],
      [
        { prompt: 'x', model_ids: [...ready, training.body.modelId] },
        400,
        GENERATE_TEXT.tooManyModels,
      ],
      [{ prompt: 'x', model_ids: [training.body.modelId] }, 400, API_TEXT.modelNotReady],
      [{ prompt: 'x', model_ids: [othersModel] }, 404, API_TEXT.modelNotFound],
    ];
    for (const [json, status, message] of cases) {
      const response = await studio.as(user, 'POST', '/api/generate/text-to-image', { json });
      expect({ status: response.status, message: response.body.message }).toEqual({
        status,
        message,
      });
    }
    const badRatio = await studio.as(user, 'POST', '/api/generate/text-to-image', {
      json: { prompt: 'x', model_ids: ready, aspect_ratio: '2:1' },
    });
    expect(badRatio.status).toBe(400);

    const noModels = newUser();
    const none = await studio.as(noModels, 'POST', '/api/generate', { json: { prompt: 'x' } });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe(GENERATE_TEXT.selectModel);
  });

  it('returns the first job for a repeated Idempotency-Key and refuses reuse across kinds', async () => {
    const send = () =>
      studio.as(user, 'POST', '/api/generate/text-to-image', {
        json: { prompt: 'once', model_ids: [ready[0]] },
        headers: { 'idempotency-key': 'gen-1' },
      });
    const first = await send();
    const second = await send();
    expect(second.body.id).toBe(first.body.id);
    const otherKind = await studio.as(user, 'POST', '/api/media/start-training', {
      json: { modelName: 'x', photoIds: [] },
      headers: { 'idempotency-key': 'gen-1' },
    });
    expect(otherKind.status).toBe(422);
    expect(otherKind.body.message).toBe(API_TEXT.idempotencyKeyReused);
  });

  describe('edit-image (multipart)', () => {
    async function edit(
      parts: { prompt?: string; image?: Buffer; mask?: Buffer; model_ids?: string },
      as: TestUser = user,
    ) {
      const form = new FormData();
      if (parts.prompt !== undefined) form.set('prompt', parts.prompt);
      form.set('aspect_ratio', '1:1');
      if (parts.model_ids !== undefined) form.set('model_ids', parts.model_ids);
      if (parts.image) form.set('image', new Blob([parts.image], { type: 'image/jpeg' }), 'me.jpg');
      if (parts.mask) form.set('mask', new Blob([parts.mask], { type: 'image/png' }), 'mask.png');
      return studio.as(as, 'POST', '/api/generate/edit-image', { body: form });
    }

    it('stores the image and mask and queues an edit job', async () => {
      const response = await edit({
        prompt: 'add sunglasses',
        image: facePhoto(),
        mask: await solidPng(512, 512),
        model_ids: JSON.stringify([ready[0]]),
      });
      expect(response.status).toBe(202);
      expect(response.body).toMatchObject({ kind: 'edit', status: 'queued', output: [] });
      const row = await studio.running.app.db
        .selectFrom('jobs')
        .select('input')
        .where('id', '=', response.body.id)
        .executeTakeFirstOrThrow();
      const input = JSON.parse(row.input);
      expect(input).toMatchObject({
        prompt: 'add sunglasses',
        aspectRatio: '1:1',
        modelIds: [ready[0]],
      });
      const mask = await studio.running.app.storage.read(input.maskKey);
      expect(mask?.contentType).toBe('image/png');
      const image = await studio.running.app.storage.read(input.imageKey);
      expect(image?.contentType).toBe('image/jpeg');
      image?.stream.destroy();
      mask?.stream.destroy();
    });

    it('refuses a mask the built-in engine cannot fill with the words the page shows', async () => {
      const modelIds = JSON.stringify([ready[0]]);
      // Five eighths of the photo: more than the rule allows, refused before any job exists.
      const large = await edit({
        prompt: 'x',
        image: facePhoto(),
        mask: await rectanglesMask(64, 64, [[0, 0, 64, 40]]),
        model_ids: modelIds,
      });
      expect({ status: large.status, message: large.body.message }).toEqual({
        status: 400,
        message: EDIT_MASK_TEXT.tooLarge,
      });
      // A small mask on the background beside the head, clear of the face, is filled as usual.
      const small = await edit({
        prompt: 'x',
        image: await smallSubjectPhoto('lisa_debruine', '07.jpg'),
        mask: await rectanglesMask(64, 64, [[2, 8, 12, 20]]),
        model_ids: modelIds,
      });
      expect(small.status).toBe(202);
    });

    it('refuses with the spec texts: prompt, models, image, mask, types', async () => {
      const mask = await solidPng(64, 64);
      const modelIds = JSON.stringify([ready[0]]);
      const cases: [Parameters<typeof edit>[0], number, string][] = [
        [
          { prompt: ' ', image: facePhoto(), mask, model_ids: modelIds },
          400,
          GENERATE_TEXT.enterPrompt,
        ],
        [
          { prompt: 'x', image: facePhoto(), mask, model_ids: '[]' },
          400,
          GENERATE_TEXT.selectModel,
        ],
        [
          { prompt: 'x', image: facePhoto(), mask, model_ids: 'not json' },
          400,
          invalidField('model_ids', { kind: 'type', expected: 'a JSON list of model ids' }),
        ],
        [{ prompt: 'x', mask, model_ids: modelIds }, 400, GENERATE_TEXT.uploadImage],
        [{ prompt: 'x', image: facePhoto(), model_ids: modelIds }, 400, GENERATE_TEXT.paintMask],
        [
          { prompt: 'x', image: facePhoto(), mask: facePhoto(), model_ids: modelIds },
          415,
          API_TEXT.maskNotPng,
        ],
        [
          { prompt: 'x', image: heicFixture(), mask, model_ids: modelIds },
          415,
          FILE_TEXT.singleImageTypeNotAllowed,
        ],
        [
          {
            prompt: 'x',
            image: Buffer.concat([facePhoto(), Buffer.alloc(10_485_760)]),
            mask,
            model_ids: modelIds,
          },
          413,
          FILE_TEXT.tooLarge,
        ],
      ];
      for (const [parts, status, message] of cases) {
        const response = await edit(parts);
        expect({ status: response.status, message: response.body.message }).toEqual({
          status,
          message,
        });
      }
      // The files went to disk, not the heap, and every refusal removed them.
      expect(await readdir(join(studio.running.config.dataDir, 'tmp'))).toEqual([]);
      const json = await studio.as(user, 'POST', '/api/generate/edit-image', {
        json: { prompt: 'x' },
      });
      expect(json.status).toBe(415);
    });
  });

  it('keeps jobs private: another user gets 404', async () => {
    const response = await studio.as(user, 'POST', '/api/generate/text-to-image', {
      json: { prompt: 'mine', model_ids: [ready[0]] },
    });
    const other = await studio.as(newUser(), 'GET', `/api/generate/status/${response.body.id}`);
    expect(other.status).toBe(404);
    expect(other.body.message).toBe(API_TEXT.jobNotFound);
    expect(
      (await call(studio.running, 'GET', `/api/generate/status/${response.body.id}`)).status,
    ).toBe(401);
  });
});
