import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trainReadyModel } from './support/fixtures';
import { heicFixture, pngBomb, solidPng } from './support/images';
import { newUser, startStudio, type Studio } from './support/studio';

const JSON_ROUTES: [string, string][] = [
  ['PUT', '/api/user'],
  ['POST', '/api/user/profile-picture'],
  ['POST', '/api/media/upload'],
  ['POST', '/api/media/presigned-urls'],
  ['POST', '/api/media/start-training'],
  ['PUT', '/api/user/models/reorder'],
  ['PUT', '/api/user/model'],
  ['POST', '/api/generate'],
  ['POST', '/api/generate/text-to-image'],
];

const WRONG_BODIES: unknown[] = [
  null,
  [],
  'text',
  42,
  { name: ['x'], photos: 'x', files: {}, modelIds: 'x', modelId: 7, prompt: { a: 1 } },
  { photos: [{ imageBase64: 7 }], files: [{ filename: 1 }], photoIds: [1, 2], model_ids: 'x' },
  { photos: Array.from({ length: 21 }, () => ({ imageBase64: 'AAAA', contentType: 'image/png' })) },
  { files: [] },
  { modelName: 'x'.repeat(10_000), photoIds: ['a'] },
  { prompt: 'x'.repeat(100_000) },
];

const UNKNOWN_ID_ROUTES: [string, string][] = [
  ['GET', '/api/media/does-not-exist'],
  ['DELETE', '/api/media/does-not-exist'],
  ['GET', '/api/image/does-not-exist'],
  ['DELETE', '/api/media/training-photos/does-not-exist'],
  ['GET', '/api/generate/status/does-not-exist'],
  ['DELETE', '/api/user/models/delete?modelId=does-not-exist'],
  ['GET', '/api/media/..%2F..%2Fsecrets'],
  ['GET', '/api/image/%2e%2e%2f%2e%2e%2fetc%2fpasswd'],
  ['GET', '/api/no/such/route'],
];

/** Client mistakes are 4xx JSON with both fields; a 5xx here would be a bug. */
function expectClientError(route: string, status: number, body: unknown) {
  expect({ route, clientError: status >= 400 && status < 500 }).toEqual({
    route,
    clientError: true,
  });
  expect(body, route).toMatchObject({ error: expect.any(String), message: expect.any(String) });
}

describe('bad input never causes a 5xx', { timeout: 60_000 }, () => {
  let studio: Studio;
  const user = newUser();
  let modelId: string;
  beforeAll(async () => {
    studio = await startStudio({ WRITE_RATE_LIMIT_PER_MINUTE: '100000' });
    modelId = await trainReadyModel(studio, user);
  }, 30_000);
  afterAll(() => studio.stop());

  it('refuses wrong types and missing fields on every JSON route', async () => {
    for (const [method, path] of JSON_ROUTES) {
      for (const body of WRONG_BODIES) {
        const response = await studio.as(user, method, path, {
          body: JSON.stringify(body),
          headers: { 'content-type': 'application/json' },
        });
        // start-training takes an empty body, PUT /user a body without name: both are valid.
        if (response.status < 300) continue;
        expectClientError(
          `${method} ${path} ${JSON.stringify(body).slice(0, 60)}`,
          response.status,
          response.body,
        );
      }
      const malformed = await studio.as(user, method, path, {
        body: '{"unterminated": ',
        headers: { 'content-type': 'application/json' },
      });
      expectClientError(`${method} ${path} malformed`, malformed.status, malformed.body);
      const wrongType = await studio.as(user, method, path, {
        body: '<xml/>',
        headers: { 'content-type': 'application/xml' },
      });
      expectClientError(`${method} ${path} xml`, wrongType.status, wrongType.body);
    }
  });

  it('refuses oversized bodies with 413', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) });
    for (const [method, path] of JSON_ROUTES.filter(([, p]) => !/upload|profile-picture/.test(p))) {
      const response = await studio.as(user, method, path, {
        body: big,
        headers: { 'content-type': 'application/json' },
      });
      expect({ path, status: response.status }).toEqual({ path, status: 413 });
    }
  });

  it('refuses wrong magic bytes and a decompression bomb on every upload path', async () => {
    const bomb = pngBomb().toString('base64');
    const pdf = Buffer.from('%PDF-1.7 hello').toString('base64');
    for (const data of [bomb, pdf]) {
      const profile = await studio.as(user, 'POST', '/api/user/profile-picture', {
        json: { imageBase64: data, contentType: 'image/png' },
      });
      expectClientError('profile-picture', profile.status, profile.body);
      const upload = await studio.as(user, 'POST', '/api/media/upload', {
        json: { photos: [{ imageBase64: data, filename: 'a.png', contentType: 'image/png' }] },
      });
      expectClientError('upload', upload.status, upload.body);
    }
    const targets = await studio.as(user, 'POST', '/api/media/presigned-urls', {
      json: { files: [{ filename: '../../../etc/passwd', contentType: 'image/png' }] },
    });
    for (const body of [
      pngBomb(),
      Buffer.from('%PDF-1.7'),
      Buffer.alloc(0),
      heicFixture().subarray(0, 100),
    ]) {
      const put = await fetch(targets.body[0].presignedUrl, { method: 'PUT', body });
      expectClientError('presigned PUT', put.status, await put.json());
    }
    const form = new FormData();
    form.set('prompt', 'x');
    form.set('model_ids', JSON.stringify([modelId]));
    form.set('image', new Blob([pngBomb()]), 'bomb.png');
    form.set('mask', new Blob([await solidPng()]), 'mask.png');
    const edit = await studio.as(user, 'POST', '/api/generate/edit-image', { body: form });
    expectClientError('edit-image bomb', edit.status, edit.body);
    const bombMask = new FormData();
    bombMask.set('prompt', 'x');
    bombMask.set('model_ids', JSON.stringify([modelId]));
    bombMask.set('image', new Blob([await solidPng()]), 'a.png');
    bombMask.set('mask', new Blob([pngBomb()]), 'mask.png');
    const maskResponse = await studio.as(user, 'POST', '/api/generate/edit-image', {
      body: bombMask,
    });
    expectClientError('edit-image bomb mask', maskResponse.status, maskResponse.body);
  });

  it('refuses malformed multipart bodies on edit-image with 4xx', async () => {
    const boundary = '----studio';
    const part = (name: string, filename?: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"` : ''}\r\n\r\nxx\r\n`;
    const bodies: [string, string][] = [
      ['multipart/form-data', part('prompt')],
      [`multipart/form-data; boundary=${boundary}`, part('prompt')],
      [
        `multipart/form-data; boundary=${boundary}`,
        `${part('a', 'a')}${part('b', 'b')}${part('c', 'c')}--${boundary}--\r\n`,
      ],
      [
        `multipart/form-data; boundary=${boundary}`,
        `${Array.from({ length: 20 }, (_, i) => part(`f${i}`)).join('')}--${boundary}--\r\n`,
      ],
      [`multipart/form-data; boundary=${boundary}`, 'garbage'],
    ];
    for (const [contentType, body] of bodies) {
      const response = await studio.as(user, 'POST', '/api/generate/edit-image', {
        body,
        headers: { 'content-type': contentType },
      });
      expectClientError(
        `edit-image ${contentType} ${body.slice(0, 40)}`,
        response.status,
        response.body,
      );
    }
  });

  it('answers unknown ids and traversal attempts with 4xx', async () => {
    for (const [method, path] of UNKNOWN_ID_ROUTES) {
      const response = await studio.as(user, method, path);
      expectClientError(`${method} ${path}`, response.status, response.body);
    }
    for (const path of [
      '/api/files/..%2F..%2Fsecrets%2Furl-signing.key?expires=99999999999&signature=x',
      '/api/files/users/../../studio.sqlite?expires=99999999999&signature=x',
      '/api/files/%2e%2e/%2e%2e/etc/passwd?expires=1&signature=x',
      '/api/files/x?expires=abc&signature=x',
      '/api/uploads/..%2F..%2Fx?expires=1&signature=x',
      '/api/billing/test-checkout/..%2F..%2Fx',
    ]) {
      const response = await fetch(`${studio.running.url}${path}`, {
        method: path.includes('uploads') ? 'PUT' : 'GET',
      });
      expectClientError(path, response.status, await response.json());
    }
  });

  it('refuses bad cursors, limits, filters and idempotency keys', async () => {
    for (const query of [
      'cursor=%00',
      'cursor=' + 'A'.repeat(600),
      'limit=-1',
      'limit=abc',
      'limit=1000',
      'status=x',
      'includeUrls=maybe',
    ]) {
      const response = await studio.as(user, 'GET', `/api/media?${query}`);
      expectClientError(query, response.status, response.body);
    }
    const key = await studio.as(user, 'POST', '/api/generate', {
      json: { prompt: 'x' },
      headers: { 'idempotency-key': 'x'.repeat(300) },
    });
    expectClientError('idempotency key', key.status, key.body);
  });
});
