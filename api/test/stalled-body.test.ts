import { readdir } from 'node:fs/promises';
import { request } from 'node:http';
import { join } from 'node:path';
import { API_TEXT } from '@app/shared/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, removeDir, startApp, type RunningApp } from './helpers';
import { facePhoto } from './support/images';
import { rawRequest } from './support/raw-request';
import { newUser, startStudio, type Studio } from './support/studio';
import { DIALECTS } from './support/test-database';
import type { TestUser } from './support/tokens';

/** Short, so the suite is quick; production waits 10 s between chunks. */
const IDLE = { BODY_IDLE_TIMEOUT_SECONDS: '1' };
const BOUNDARY = 'stalled-form';

/** Half of a declared body, then nothing more: a phone that lost its signal mid-upload. */
function stall(url: string, headers: Record<string, string>, half: Buffer, method = 'POST') {
  return rawRequest(url, {
    method,
    headers: { ...headers, 'content-length': String(half.length * 2) },
    body: half,
    end: false,
  });
}

function expectTimedOut(answer: Awaited<ReturnType<typeof rawRequest>>) {
  expect({ status: answer.status, message: answer.body?.message }).toEqual({
    status: 408,
    message: API_TEXT.requestBodyStalled,
  });
  // The rest of the body is never read: the connection is not reused.
  expect(answer.headers?.connection).toBe('close');
}

describe.each(DIALECTS)('a body that stops arriving on %s', { timeout: 30_000 }, (dialect) => {
  let studio: Studio;
  let user: TestUser;
  let auth: Record<string, string>;
  let tempDir: string;
  beforeAll(async () => {
    studio = await startStudio({ WRITE_RATE_LIMIT_PER_MINUTE: '10000', ...IDLE }, dialect);
    user = newUser();
    auth = { authorization: `Bearer ${await studio.issuer.idToken(user)}` };
    tempDir = join(studio.running.config.dataDir, 'tmp');
  }, 30_000);
  afterAll(() => studio.stop());

  it('is answered 408 on a JSON route', async () => {
    const answer = await stall(
      `${studio.running.url}/api/user`,
      { ...auth, 'content-type': 'application/json' },
      Buffer.from('{"name": "Ada'),
      'PUT',
    );
    expectTimedOut(answer);
  });

  it('is answered 408 inside a multipart file or field, keeping no temp file', async () => {
    const url = `${studio.running.url}/api/generate/edit-image`;
    const headers = { ...auth, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };
    const insideFile = Buffer.concat([
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="image"; filename="a.jpg"\r\n` +
          'Content-Type: image/jpeg\r\n\r\n',
      ),
      facePhoto().subarray(0, 64 * 1024),
    ]);
    const insideField = Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="prompt"\r\n\r\na hat and`,
    );
    for (const half of [insideFile, insideField]) expectTimedOut(await stall(url, headers, half));
    expect(await readdir(tempDir).catch(() => [])).toEqual([]);
  });

  it('is answered 408 on the upload target, which stays usable for a retry', async () => {
    const targets = await studio.as(user, 'POST', '/api/media/presigned-urls', {
      json: { files: [{ filename: 'me.jpg', contentType: 'image/jpeg' }] },
    });
    const target: string = targets.body[0].presignedUrl;
    const photo = facePhoto();
    const answer = await stall(
      target,
      { 'content-type': 'image/jpeg' },
      photo.subarray(0, photo.length / 2),
      'PUT',
    );
    expectTimedOut(answer);
    expect(await readdir(tempDir).catch(() => [])).toEqual([]);
    const retry = await fetch(target, {
      method: 'PUT',
      headers: { 'content-type': 'image/jpeg' },
      body: photo,
    });
    expect(retry.status).toBe(200);
  });

  it('lets a slow upload whose bytes keep coming take longer than the idle limit', async () => {
    const targets = await studio.as(user, 'POST', '/api/media/presigned-urls', {
      json: { files: [{ filename: 'me.jpg', contentType: 'image/jpeg' }] },
    });
    const photo = facePhoto();
    const chunks = 12;
    const size = Math.ceil(photo.length / chunks);
    const status = await new Promise<number | undefined>((resolve) => {
      const req = request(targets.body[0].presignedUrl, {
        method: 'PUT',
        agent: false,
        headers: { 'content-type': 'image/jpeg', 'content-length': String(photo.length) },
      });
      req.on('response', (response) => {
        response.resume();
        resolve(response.statusCode);
      });
      req.on('error', () => resolve(undefined));
      // 12 pieces 250 ms apart: 3 s in all, never more than a quarter of the limit between two.
      let sent = 0;
      const timer = setInterval(() => {
        const piece = photo.subarray(sent * size, (sent + 1) * size);
        sent += 1;
        if (sent < chunks) req.write(piece);
        else {
          clearInterval(timer);
          req.end(piece);
        }
      }, 250);
    });
    expect(status).toBe(200);
  });
});

describe('the idle limit covers the body only', { timeout: 30_000 }, () => {
  let dataDir: string;
  let running: RunningApp;
  beforeAll(async () => {
    dataDir = await makeTempDir();
    running = await startApp({ DATA_DIR: dataDir, SERVE_WEB: 'false', ...IDLE }, (app) => {
      app.post('/api/test/slow-after-body', async (request) => {
        await new Promise((resolve) => setTimeout(resolve, 2_500));
        return { received: request.body };
      });
    });
  });
  afterAll(async () => {
    await running.app.close();
    await removeDir(dataDir);
  });

  it('does not cut a handler that works longer than the limit once the body has arrived', async () => {
    const answer = await rawRequest(`${running.url}/api/test/slow-after-body`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: Buffer.from('{"a":1}'),
    });
    expect({ status: answer.status, body: answer.body }).toEqual({
      status: 200,
      body: { received: { a: 1 } },
    });
  });
});
