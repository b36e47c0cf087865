import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, removeDir, startApp, type RunningApp } from './helpers';

describe('error handling', () => {
  let dataDir: string;
  let running: RunningApp;

  beforeAll(async () => {
    dataDir = await makeTempDir();
    running = await startApp({ DATA_DIR: dataDir, SERVE_WEB: 'false' }, (app) => {
      app.post(
        '/api/test/echo',
        {
          schema: {
            body: {
              type: 'object',
              required: ['name'],
              properties: { name: { type: 'string' } },
            },
          },
        },
        async (request) => request.body,
      );
      app.get('/api/test/fault', async () => {
        throw new Error('secret internals');
      });
    });
  });
  afterAll(async () => {
    await running.app.close();
    await removeDir(dataDir);
  });

  const post = (body: string, contentType = 'application/json') =>
    fetch(`${running.url}/api/test/echo`, {
      method: 'POST',
      headers: { 'content-type': contentType },
      body,
    });

  it('answers schema validation failures with 400 and the reason', async () => {
    const response = await post('{}');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: 'ValidationError',
      message: expect.stringContaining('name'),
    });
  });

  it('keeps other client mistakes 4xx', async () => {
    const badJson = await post('{not json');
    expect(badJson.status).toBe(400);
    expect(await badJson.json()).toMatchObject({ error: 'BadRequest' });

    const tooLarge = await post(JSON.stringify({ name: 'x'.repeat(1024 * 1024) }));
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toMatchObject({ error: 'PayloadTooLarge' });

    const wrongType = await post('name=x', 'application/x-www-form-urlencoded');
    expect(wrongType.status).toBe(415);
    expect(await wrongType.json()).toMatchObject({ error: 'UnsupportedMediaType' });
  });

  it('answers a fault with 500, the request id and no internals', async () => {
    const response = await fetch(`${running.url}/api/test/fault`, {
      headers: { 'x-request-id': 'req-fault-1' },
    });
    expect(response.status).toBe(500);
    expect(response.headers.get('x-request-id')).toBe('req-fault-1');
    expect(await response.json()).toEqual({
      error: 'InternalServerError',
      message: 'Internal server error',
      requestId: 'req-fault-1',
    });
  });

  it('replaces an unsafe incoming request id with its own', async () => {
    const response = await fetch(`${running.url}/api/health`, {
      headers: { 'x-request-id': 'bad id\twith spaces' },
    });
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});
