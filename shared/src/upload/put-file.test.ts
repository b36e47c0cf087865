// @vitest-environment jsdom
// jsdom's XMLHttpRequest sends real HTTP; it reports the upload's progress when the answer
// comes, so a PUT the server never answers is, to it, a file whose sending stalled.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDENTITY_TEXT } from '../spec/messages';
import { isAbortError, putFile, UploadHttpError } from './put-file';

let server: Server;
let origin = '';
beforeAll(async () => {
  server = createServer((request, response) => {
    response.setHeader('Access-Control-Allow-Origin', '*');
    if (request.method === 'OPTIONS') {
      response.setHeader('Access-Control-Allow-Methods', 'PUT');
      response.setHeader('Access-Control-Allow-Headers', 'Content-Type');
      response.writeHead(204).end();
      return;
    }
    request.resume();
    // `/answered` answers once the file is in; any other PUT is never answered.
    if (request.url === '/answered') request.on('end', () => response.writeHead(200).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
);

const photo = new Blob([new Uint8Array(64 * 1024)], { type: 'image/jpeg' });

describe('putFile', () => {
  it('gives up on a PUT that stops sending, as on a lost network, so the file can be retried', async () => {
    const outcome = await putFile(`${origin}/stalls`, photo, 'image/jpeg', { stallMs: 300 }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(outcome).toBeInstanceOf(UploadHttpError);
    expect(outcome).toMatchObject({ status: 0, statusText: IDENTITY_TEXT.networkError });
  });

  it('resolves once the file is accepted, and a cancel is still an AbortError', async () => {
    const progress: number[] = [];
    await putFile(`${origin}/answered`, photo, 'image/jpeg', {
      stallMs: 10_000,
      onProgress: ({ loaded }) => progress.push(loaded),
    });
    expect(progress.at(-1)).toBe(photo.size);
    const controller = new AbortController();
    const cancelled = putFile(`${origin}/stalls`, photo, 'image/jpeg', {
      signal: controller.signal,
    }).catch((error: unknown) => error);
    controller.abort();
    expect(isAbortError(await cancelled)).toBe(true);
  });
});
