import { API_ROUTES, type ApiRouteKey } from '@app/shared/contract/api-routes';
import type { ResponseSchemas } from '@app/shared/contract/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type CallResult } from './support/api-client';
import {
  insertGeneratedImages,
  makeAdmin,
  markModelFailed,
  markModelReady,
  trainReadyModel,
  uploadPhotos,
  userIdOf,
} from './support/fixtures';
import { solidPng } from './support/images';
import { DOUBLE_OWNER, ReplicateDouble } from './support/replicate-double';
import { startReplicateStudio } from './support/replicate-studio';
import { newUser, startStudio, type Studio } from './support/studio';
import { DIALECTS } from './support/test-database';

interface Answer {
  status: number;
  contentType: string;
  body: unknown;
}

/** Routes the app registers only when their provider is configured (Stripe, Replicate). */
const PROVIDER_WEBHOOKS: ApiRouteKey[] = [
  'POST /billing/stripe/webhook',
  'POST /webhooks/replicate',
  'POST /webhooks/cog',
];
/** No client mistake reaches it: it takes no input and no token (its 503 is a database outage). */
const NO_CLIENT_ERROR: ApiRouteKey[] = ['GET /health'];

/**
 * The running API against the one contract: every route of its OpenAPI document is a route of
 * @app/shared's API_ROUTES, and a real success and a real error of each parse with the schema
 * the contract names for that status (a JSON answer with a status the contract does not list
 * fails too). The front ends type their calls with the same schemas, so they cannot disagree.
 */
describe.each(DIALECTS)('the API answers what the shared contract says, on %s', (dialect) => {
  let studio: Studio;
  const checked = new Map<ApiRouteKey, { success: number[]; error: number[] }>();
  beforeAll(async () => {
    studio = await startStudio({ WRITE_RATE_LIMIT_PER_MINUTE: '10000' }, dialect);
  }, 30_000);
  afterAll(() => studio.stop());

  function expectContract(key: ApiRouteKey, answer: Answer): void {
    const schema = (API_ROUTES[key].response as ResponseSchemas)[answer.status];
    const what = `${key} answered ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`;
    if (answer.contentType.includes('json')) {
      expect(schema, `${what}: a status the contract does not list`).toBeDefined();
      const parsed = schema!.safeParse(answer.body);
      expect(parsed.error?.message, what).toBeUndefined();
    } else {
      expect(schema, `${what}: not JSON, yet the contract names a schema`).toBeUndefined();
    }
    const entry = checked.get(key) ?? { success: [], error: [] };
    (answer.status < 400 ? entry.success : entry.error).push(answer.status);
    checked.set(key, entry);
  }

  const answerOf = (result: CallResult): Answer => ({
    status: result.status,
    contentType: result.headers.get('content-type') ?? '',
    body: result.body,
  });

  /** Redirects are answers too: not followed. */
  async function post303(url: string): Promise<Answer> {
    const response = await fetch(url, { method: 'POST', redirect: 'manual' });
    const text = await response.text();
    const contentType = response.headers.get('content-type') ?? '';
    return {
      status: response.status,
      contentType,
      body: contentType.includes('json') ? JSON.parse(text) : text,
    };
  }

  it('every route: a success and an error', { timeout: 60_000 }, async () => {
    const user = newUser('Contract Tester');
    const as = (method: string, path: string, options = {}) =>
      studio.as(user, method, path, options);
    const anonymous = (method: string, path: string, options = {}) =>
      call(studio.running, method, path, options);
    const check = async (key: ApiRouteKey, result: Promise<CallResult>) =>
      expectContract(key, answerOf(await result));
    await makeAdmin(studio, user);
    const png = await solidPng(64, 64);
    const base64 = png.toString('base64');

    await check('GET /health', anonymous('GET', '/api/health'));

    await check('GET /user', as('GET', '/api/user'));
    await check('GET /user', anonymous('GET', '/api/user'));
    await check('PUT /user', as('PUT', '/api/user', { json: { name: 'Contract' } }));
    await check('PUT /user', as('PUT', '/api/user', { json: { name: '  ' } }));
    await check('GET /user/training-status', as('GET', '/api/user/training-status'));
    await check('GET /user/training-status', anonymous('GET', '/api/user/training-status'));

    const picture = { imageBase64: base64, contentType: 'image/png' };
    await check(
      'POST /user/profile-picture',
      as('POST', '/api/user/profile-picture', { json: picture }),
    );
    await check(
      'POST /user/profile-picture',
      as('POST', '/api/user/profile-picture', { json: { ...picture, contentType: 'image/gif' } }),
    );
    await check('DELETE /user/profile-picture', as('DELETE', '/api/user/profile-picture'));
    await check('DELETE /user/profile-picture', as('DELETE', '/api/user/profile-picture'));

    const photo = { imageBase64: base64, filename: 'a.png', contentType: 'image/png', caption: '' };
    const uploaded = await as('POST', '/api/media/upload', { json: { photos: [photo] } });
    expectContract('POST /media/upload', answerOf(uploaded));
    await check(
      'POST /media/upload',
      as('POST', '/api/media/upload', {
        json: { photos: [{ ...photo, contentType: 'text/plain' }] },
      }),
    );
    const imageId: string = uploaded.body.items[0].imageId;

    const targets = await as('POST', '/api/media/presigned-urls', {
      json: { files: [{ filename: 'b.png', contentType: 'image/png' }] },
    });
    expectContract('POST /media/presigned-urls', answerOf(targets));
    await check(
      'POST /media/presigned-urls',
      as('POST', '/api/media/presigned-urls', {
        json: { files: [{ filename: 'b.txt', contentType: 'text/plain' }] },
      }),
    );
    const target = targets.body[0];
    const put = () =>
      anonymous('PUT', target.presignedUrl, {
        body: png,
        headers: { 'content-type': 'image/png' },
      });
    await check('PUT /uploads/{id}', put());
    await check('PUT /uploads/{id}', put());

    await check('GET /media', as('GET', '/api/media?includeUrls=true'));
    await check('GET /media', as('GET', '/api/media?cursor=nonsense'));
    const item = await as('GET', `/api/media/${imageId}`);
    expectContract('GET /media/{id}', answerOf(item));
    await check('GET /media/{id}', as('GET', '/api/media/missing'));
    await check('GET /image/{imageId}', as('GET', `/api/image/${imageId}`));
    await check('GET /image/{imageId}', as('GET', '/api/image/missing'));
    const clock = { now: Date.now() };
    const [generatedId] = await insertGeneratedImages(studio, await userIdOf(studio, user), 1, {
      clock,
    });
    await check('POST /media/{id}/hd', as('POST', `/api/media/${generatedId}/hd`));
    await check('POST /media/{id}/hd', as('POST', `/api/media/${imageId}/hd`));
    await check('GET /files/{*}', anonymous('GET', item.body.displayUrl));
    await check(
      'GET /files/{*}',
      anonymous('GET', item.body.displayUrl.replace(/signature=[^&]+/, 'signature=forged')),
    );
    await check('GET /user/export', as('GET', '/api/user/export'));
    await check('GET /user/export', anonymous('GET', '/api/user/export'));
    const link = await as('POST', '/api/user/export/link');
    expectContract('POST /user/export/link', answerOf(link));
    await check('POST /user/export/link', anonymous('POST', '/api/user/export/link'));
    await check('GET /exports/{id}', anonymous('GET', link.body.url));
    await check(
      'GET /exports/{id}',
      anonymous('GET', link.body.url.replace(/signature=[^&]+/, 'signature=forged')),
    );
    await check(
      'GET /media/training-photos',
      as('GET', '/api/media/training-photos?includeUrls=true'),
    );
    await check('GET /media/training-photos', anonymous('GET', '/api/media/training-photos'));

    // Two ready models: one trained through the fixture, one started here.
    const alpha = await trainReadyModel(studio, user, 'Alpha');
    const photoIds = await uploadPhotos(studio, user, 5);
    const started = await as('POST', '/api/media/start-training', {
      json: { modelName: 'Gamma', triggerWord: '', photoIds },
    });
    expectContract('POST /media/start-training', answerOf(started));
    await check(
      'POST /media/start-training',
      as('POST', '/api/media/start-training', {
        json: { modelName: 'Delta', photoIds: photoIds.slice(0, 2) },
      }),
    );
    const gamma: string = started.body.modelId;
    await markModelReady(studio, gamma);

    const added = await as('POST', `/api/user/models/${alpha}/photos`, {
      json: { photoIds: await uploadPhotos(studio, user, 1) },
    });
    expectContract('POST /user/models/{modelId}/photos', answerOf(added));
    await check(
      'POST /user/models/{modelId}/photos',
      as('POST', '/api/user/models/missing/photos', { json: { photoIds: [imageId] } }),
    );
    await check(
      'PUT /user/models/{modelId}/photos/order',
      as('PUT', `/api/user/models/${alpha}/photos/order`, {
        json: { photoIds: [...added.body.trainingPhotos].reverse() },
      }),
    );
    await check(
      'PUT /user/models/{modelId}/photos/order',
      as('PUT', `/api/user/models/${alpha}/photos/order`, { json: { photoIds: [] } }),
    );
    await check(
      'PUT /user/models/reorder',
      as('PUT', '/api/user/models/reorder', { json: { modelIds: [gamma, alpha] } }),
    );
    await check(
      'PUT /user/models/reorder',
      as('PUT', '/api/user/models/reorder', { json: { modelIds: ['missing'] } }),
    );
    await markModelFailed(studio, gamma);
    await check('POST /user/models/{modelId}/retry', as('POST', `/api/user/models/${gamma}/retry`));
    await check('POST /user/models/{modelId}/retry', as('POST', `/api/user/models/${gamma}/retry`));
    await markModelReady(studio, gamma);
    await check('PUT /user/model', as('PUT', '/api/user/model', { json: { modelId: alpha } }));
    await check('PUT /user/model', as('PUT', '/api/user/model', { json: { modelId: 'missing' } }));

    await check('POST /generate', as('POST', '/api/generate', { json: { prompt: 'a cat' } }));
    await check('POST /generate', as('POST', '/api/generate', { json: { prompt: ' ' } }));
    const job = await as('POST', '/api/generate/text-to-image', {
      json: { prompt: 'a cat', model_ids: [alpha] },
    });
    expectContract('POST /generate/text-to-image', answerOf(job));
    await check(
      'POST /generate/text-to-image',
      as('POST', '/api/generate/text-to-image', { json: { prompt: 'a cat', model_ids: [] } }),
    );
    const editForm = (withMask: boolean) => {
      const form = new FormData();
      form.set('prompt', 'sunglasses');
      form.set('model_ids', JSON.stringify([alpha]));
      form.set('image', new Blob([png], { type: 'image/png' }), 'me.png');
      if (withMask) form.set('mask', new Blob([png], { type: 'image/png' }), 'mask.png');
      return form;
    };
    await check(
      'POST /generate/edit-image',
      as('POST', '/api/generate/edit-image', { body: editForm(true) }),
    );
    await check(
      'POST /generate/edit-image',
      as('POST', '/api/generate/edit-image', { body: editForm(false) }),
    );
    await check(
      'POST /generate/edit-image/faces',
      as('POST', '/api/generate/edit-image/faces', { body: editForm(false) }),
    );
    const noImage = new FormData();
    noImage.set('model_ids', JSON.stringify([alpha]));
    await check(
      'POST /generate/edit-image/faces',
      as('POST', '/api/generate/edit-image/faces', { body: noImage }),
    );
    await check('GET /generate/status/{id}', as('GET', `/api/generate/status/${job.body.id}`));
    await check('GET /generate/status/{id}', as('GET', '/api/generate/status/missing'));
    await check('POST /generate/cancel/{id}', as('POST', `/api/generate/cancel/${job.body.id}`));
    await check('POST /generate/cancel/{id}', as('POST', `/api/generate/cancel/${job.body.id}`));

    const target2 = targets.body[0].imageId;
    await check('DELETE /media/{id}', as('DELETE', `/api/media/${target2}`));
    await check('DELETE /media/{id}', as('DELETE', `/api/media/${target2}`));
    await check(
      'DELETE /media/training-photos/{id}',
      as('DELETE', `/api/media/training-photos/${imageId}`),
    );
    await check(
      'DELETE /media/training-photos/{id}',
      as('DELETE', `/api/media/training-photos/${imageId}`),
    );
    // A built-in model keeps its photos (409); a Replicate model's go (on a Replicate studio).
    await check(
      'DELETE /user/models/{modelId}/photos',
      as('DELETE', `/api/user/models/${alpha}/photos`),
    );
    const double = await ReplicateDouble.start();
    const withReplicate = await startReplicateStudio(double);
    try {
      const owner = newUser('Replicate Owner');
      const modelId = await trainReadyModel(withReplicate, owner);
      await withReplicate.running.app.db
        .updateTable('models')
        .set({ engine: 'replicate', replicate_version: `${DOUBLE_OWNER}/studio-${modelId}:v1` })
        .where('id', '=', modelId)
        .execute();
      await check(
        'DELETE /user/models/{modelId}/photos',
        withReplicate.as(owner, 'DELETE', `/api/user/models/${modelId}/photos`),
      );
    } finally {
      await withReplicate.stop();
      await double.close();
    }
    await check(
      'DELETE /user/models/delete',
      as('DELETE', `/api/user/models/delete?modelId=${gamma}`),
    );
    await check(
      'DELETE /user/models/delete',
      as('DELETE', `/api/user/models/delete?modelId=${gamma}`),
    );
    await check('DELETE /user/model', as('DELETE', '/api/user/model'));
    await check('DELETE /user/model', as('DELETE', '/api/user/model'));

    await check('POST /cancel-subscription', as('POST', '/api/cancel-subscription'));
    const checkout = await as('POST', '/api/create-checkout-session');
    expectContract('POST /create-checkout-session', answerOf(checkout));
    const page = checkout.body.url as string;
    await check('GET /billing/test-checkout/{id}', anonymous('GET', page));
    await check(
      'GET /billing/test-checkout/{id}',
      anonymous('GET', '/api/billing/test-checkout/nope'),
    );
    expectContract('POST /billing/test-checkout/{id}/complete', await post303(`${page}/complete`));
    expectContract('POST /billing/test-checkout/{id}/complete', await post303(`${page}/complete`));
    await check('POST /create-checkout-session', as('POST', '/api/create-checkout-session'));
    await check('POST /cancel-subscription', as('POST', '/api/cancel-subscription'));
    const second = await as('POST', '/api/create-checkout-session');
    expectContract(
      'POST /billing/test-checkout/{id}/cancel',
      await post303(`${second.body.url}/cancel`),
    );
    expectContract(
      'POST /billing/test-checkout/{id}/cancel',
      await post303(`${studio.running.url}/api/billing/test-checkout/nope/cancel`),
    );

    // Last: the account is gone from here on.
    await check(
      'POST /user/deletion',
      as('POST', '/api/user/deletion', { json: { confirm: 'no' } }),
    );
    await check(
      'POST /user/deletion',
      as('POST', '/api/user/deletion', { json: { confirm: 'DELETE' } }),
    );
  });

  it('covers every route of the OpenAPI document, and the document only those', async () => {
    const document = (await call(studio.running, 'GET', '/api/openapi.json')).body as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map(
        (method) => `${method.toUpperCase()} ${path.replace(/^\/api/, '')}`,
      ),
    );
    const contract = Object.keys(API_ROUTES) as ApiRouteKey[];
    expect([...documented].sort()).toEqual(
      contract.filter((key) => !PROVIDER_WEBHOOKS.includes(key)).sort(),
    );
    for (const key of documented as ApiRouteKey[]) {
      const seen = checked.get(key);
      expect(seen?.success.length, `${key}: no success checked`).toBeGreaterThan(0);
      if (!NO_CLIENT_ERROR.includes(key)) {
        expect(seen?.error.length, `${key}: no error checked`).toBeGreaterThan(0);
      }
    }
  });
});
