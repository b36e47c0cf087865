// @vitest-environment jsdom
// jsdom's XMLHttpRequest sends real HTTP (with CORS preflight and upload progress), so the PUTs
// below reach a real server, as they reach the storage's presigned URLs in the browser.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { configureApiClient } from '@app/shared/api-client';
import { UploadQueue, summarizeUploads, uploadedImageIds, type UploadItem } from './upload-queue';

interface ReceivedPut {
  imageId: string;
  contentType: string | undefined;
  bytes: number;
}

/** A stand-in for the api and its storage: real HTTP, scripted answers per file name. */
class UploadServer {
  origin = '';
  readonly received: ReceivedPut[] = [];
  readonly presignRequests: Array<{ auth: string | undefined; files: unknown; key?: string }> = [];
  /** Status, reason and Retry-After of the next PUT of a file, by name; consumed on use. */
  readonly failNextPut = new Map<string, [number, string, string?]>();
  /** Files whose next PUT is stored but never answered (the connection drops); consumed on use. */
  readonly loseNextAnswer = new Set<string>();
  /** The next URL request is made but never answered. */
  loseNextPresignAnswer = false;
  /** Answers by Idempotency-Key, as the api keeps them. */
  private readonly answersByKey = new Map<string, string>();
  private readonly stored = new Set<string>();
  /** Files whose PUT waits until `release` is called. */
  readonly hold = new Set<string>();
  presignStatus: [number, string] | undefined;
  inFlight = 0;
  maxInFlight = 0;
  private waiting: Array<() => void> = [];
  /** Called each time the server starts holding a PUT. */
  private onHeld: () => void = () => undefined;
  private nextId = 1;
  private readonly filenames = new Map<string, string>();
  private server: Server | undefined;

  async start(): Promise<void> {
    this.server = createServer((request, response) => void this.handle(request, response));
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => {
      this.server?.closeAllConnections();
      this.server?.close(() => resolve());
    });
  }

  /** Resolves once `count` PUTs are held at the server at the same time. */
  async heldCount(count: number): Promise<void> {
    while (this.waiting.length < count) {
      await new Promise<void>((resolve) => (this.onHeld = resolve));
    }
  }

  release(): void {
    const waiting = this.waiting;
    this.waiting = [];
    for (const resume of waiting) resume();
  }

  reset(): void {
    this.received.length = 0;
    this.presignRequests.length = 0;
    this.failNextPut.clear();
    this.hold.clear();
    this.presignStatus = undefined;
    this.loseNextAnswer.clear();
    this.loseNextPresignAnswer = false;
    this.maxInFlight = 0;
    this.release();
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    response.setHeader('Access-Control-Allow-Origin', '*');
    response.setHeader('Access-Control-Expose-Headers', 'Retry-After');
    const body = await readBody(request);
    if (request.method === 'OPTIONS') {
      response.setHeader('Access-Control-Allow-Methods', 'PUT, POST');
      response.setHeader(
        'Access-Control-Allow-Headers',
        'Content-Type, Authorization, Idempotency-Key',
      );
      response.writeHead(204).end();
      return;
    }
    if (request.method === 'POST' && request.url === '/media/presigned-urls') {
      const { files } = JSON.parse(body.toString()) as { files: Array<{ filename: string }> };
      const key = request.headers['idempotency-key'] as string | undefined;
      this.presignRequests.push({ auth: request.headers.authorization, files, key });
      if (this.presignStatus) {
        response.writeHead(this.presignStatus[0], this.presignStatus[1]).end();
        return;
      }
      const answer =
        (key && this.answersByKey.get(key)) ??
        JSON.stringify(
          files.map(({ filename }) => {
            const imageId = `img-${this.nextId++}`;
            this.filenames.set(imageId, filename);
            return { presignedUrl: `${this.origin}/put/${imageId}?signature=x`, imageId };
          }),
        );
      if (key) this.answersByKey.set(key, answer);
      if (this.loseNextPresignAnswer) {
        this.loseNextPresignAnswer = false;
        request.socket.destroy();
        return;
      }
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(answer);
      return;
    }
    const imageId = /^\/put\/([^?]+)/.exec(request.url ?? '')?.[1];
    if (request.method !== 'PUT' || !imageId) {
      response.writeHead(404).end();
      return;
    }
    const filename = this.filenames.get(imageId) ?? '';
    this.inFlight += 1;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    if (this.hold.has(filename)) {
      await new Promise<void>((resume) => {
        this.waiting.push(resume);
        this.onHeld();
      });
    }
    this.inFlight -= 1;
    const failure = this.failNextPut.get(filename);
    if (failure) {
      this.failNextPut.delete(filename);
      const [status, reason, retryAfter] = failure;
      response.writeHead(status, reason, retryAfter ? { 'Retry-After': retryAfter } : {}).end();
      return;
    }
    // One upload per URL, as the api's targets: the second is told the first arrived.
    if (this.stored.has(imageId)) {
      response.writeHead(409, 'Conflict').end();
      return;
    }
    this.stored.add(imageId);
    this.received.push({
      imageId,
      contentType: request.headers['content-type'],
      bytes: body.length,
    });
    if (this.loseNextAnswer.delete(filename)) {
      request.socket.destroy();
      return;
    }
    response.writeHead(200).end();
  }
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

function photo(name: string, bytes = 64 * 1024, type = 'image/jpeg'): File {
  return new File([new Uint8Array(bytes).fill(7)], name, { type });
}

/** Resolves once `predicate` holds for the queue's items. */
function waitFor(queue: UploadQueue, predicate: (items: readonly UploadItem[]) => boolean) {
  return new Promise<readonly UploadItem[]>((resolve) => {
    const check = () => {
      if (!predicate(queue.getSnapshot())) return;
      unsubscribe();
      resolve(queue.getSnapshot());
    };
    const unsubscribe = queue.subscribe(check);
    check();
  });
}

const server = new UploadServer();

beforeAll(async () => {
  await server.start();
  configureApiClient({ baseUrl: server.origin, getToken: async () => 'token-1' });
});
afterEach(() => server.reset());
afterAll(() => server.stop());

describe('UploadQueue against a real HTTP server', () => {
  it('asks for URLs once per batch with the bearer token, then PUTs each file with its type', async () => {
    const queue = new UploadQueue();
    const progress: number[] = [];
    queue.subscribe(() => {
      const first = queue.getSnapshot()[0];
      if (first?.status === 'uploading') progress.push(first.progress);
    });
    queue.add([photo('a.jpg', 512 * 1024), photo('b.png', 1000, 'image/png')]);
    const items = await queue.whenIdle();

    expect(server.presignRequests).toEqual([
      {
        auth: 'Bearer token-1',
        files: [
          { filename: 'a.jpg', contentType: 'image/jpeg' },
          { filename: 'b.png', contentType: 'image/png' },
        ],
        key: expect.stringMatching(/^upload-[0-9a-f]{32}$/),
      },
    ]);
    expect(items.map((item) => [item.filename, item.status, item.progress])).toEqual([
      ['a.jpg', 'done', 1],
      ['b.png', 'done', 1],
    ]);
    expect(uploadedImageIds(items)).toEqual(items.map((item) => item.imageId));
    expect(
      [...server.received].sort((x, y) => x.imageId.localeCompare(y.imageId)).map((put) => put),
    ).toEqual([
      { imageId: items[0]?.imageId, contentType: 'image/jpeg', bytes: 512 * 1024 },
      { imageId: items[1]?.imageId, contentType: 'image/png', bytes: 1000 },
    ]);
    // Upload progress was reported while the bytes went out, never backwards.
    expect(progress.length).toBeGreaterThan(0);
    expect([...progress].sort((x, y) => x - y)).toEqual(progress);
  });

  it('runs at most `concurrency` PUTs at once', async () => {
    const queue = new UploadQueue({ concurrency: 2 });
    for (const name of ['1.jpg', '2.jpg', '3.jpg', '4.jpg', '5.jpg']) server.hold.add(name);
    queue.add(['1.jpg', '2.jpg', '3.jpg', '4.jpg', '5.jpg'].map((name) => photo(name)));
    await server.heldCount(2);
    expect(queue.getSnapshot().map((item) => item.status)).toEqual([
      'uploading',
      'uploading',
      'queued',
      'queued',
      'queued',
    ]);
    server.hold.clear();
    server.release();
    const items = await queue.whenIdle();
    expect(items.every((item) => item.status === 'done')).toBe(true);
    expect(server.maxInFlight).toBe(2);
  });

  it('keeps the uploaded files when one fails, with the spec message, and retries it at its URL', async () => {
    const queue = new UploadQueue();
    server.failNextPut.set('bad.jpg', [403, 'Forbidden']);
    queue.add([photo('good-1.jpg'), photo('bad.jpg'), photo('good-2.jpg')]);
    let items = await queue.whenIdle();
    expect(items.map((item) => item.status)).toEqual(['done', 'failed', 'done']);
    expect(items[1]?.error).toBe('Failed to upload bad.jpg: Forbidden');
    expect(items[1]?.imageId).toBeUndefined();
    expect(summarizeUploads(items)).toMatchObject({ total: 3, done: 2, failed: 1, pending: 0 });

    const failedId = items[1]?.id ?? '';
    queue.retry(failedId);
    items = await queue.whenIdle();
    expect(items.map((item) => item.status)).toEqual(['done', 'done', 'done']);
    expect(items[1]?.error).toBeUndefined();
    // The retry went to the URL the file had: no new image was asked for.
    expect(server.presignRequests).toHaveLength(1);
    expect(new Set(uploadedImageIds(items)).size).toBe(3);
  });

  // Our own target answers 404 to an expired link; S3 answers 403 (AccessDenied).
  it.each([
    [404, 'Not Found'],
    [403, 'Forbidden'],
  ] as const)(
    'asks for a fresh URL for that file only when its first one is gone (%i)',
    async (status, text) => {
      const queue = new UploadQueue();
      server.failNextPut.set('expired.jpg', [500, 'Internal Server Error']);
      queue.add([photo('fine.jpg'), photo('expired.jpg')]);
      await queue.whenIdle();
      server.failNextPut.set('expired.jpg', [status, text]);
      queue.retry(queue.getSnapshot()[1]?.id ?? '');
      const items = await queue.whenIdle();
      expect(items.map((item) => item.status)).toEqual(['done', 'done']);
      expect(server.presignRequests.map((request) => request.files)).toEqual([
        [
          { filename: 'fine.jpg', contentType: 'image/jpeg' },
          { filename: 'expired.jpg', contentType: 'image/jpeg' },
        ],
        [{ filename: 'expired.jpg', contentType: 'image/jpeg' }],
      ]);
    },
  );

  it('stores a file once when its answer was lost and the user retries it', async () => {
    const queue = new UploadQueue();
    server.loseNextAnswer.add('lost.jpg');
    queue.add([photo('lost.jpg')]);
    let [item] = await queue.whenIdle();
    expect(item?.status).toBe('failed');
    const firstId = server.received[0]?.imageId;
    queue.retry(item?.id ?? '');
    [item] = await queue.whenIdle();
    expect(item).toMatchObject({ status: 'done', imageId: firstId });
    expect(server.received).toHaveLength(1);
  });

  it('asks again with the same Idempotency-Key when a URL request got no answer', async () => {
    const queue = new UploadQueue();
    server.loseNextPresignAnswer = true;
    queue.add([photo('p.jpg'), photo('q.jpg')]);
    const items = await queue.whenIdle();
    expect(items.map((item) => item.status)).toEqual(['done', 'done']);
    const [first, second] = server.presignRequests;
    expect(first?.key).toMatch(/^upload-[0-9a-f]{32}$/);
    expect(second?.key).toBe(first?.key);
    expect(server.received.map((put) => put.imageId).sort()).toEqual(
      uploadedImageIds(items).sort(),
    );
  });

  it('waits out a busy server as its Retry-After says instead of failing the file', async () => {
    const queue = new UploadQueue();
    server.failNextPut.set('busy.jpg', [503, 'Service Unavailable', '1']);
    const statuses = new Set<string>();
    queue.subscribe(() => statuses.add(queue.getSnapshot()[0]?.status ?? ''));
    queue.add([photo('busy.jpg')]);
    const [item] = await queue.whenIdle();
    expect(item?.status).toBe('done');
    expect(statuses.has('failed')).toBe(false);
    expect(server.received).toHaveLength(1);
  });

  it('words a failed URL request with the answer’s status text for every file of the batch', async () => {
    const queue = new UploadQueue();
    server.presignStatus = [503, 'Service Unavailable'];
    queue.add([photo('x.jpg'), photo('y.webp', 10, 'image/webp')]);
    const items = await queue.whenIdle();
    expect(items.map((item) => item.error)).toEqual([
      'Failed to upload x.jpg: Service Unavailable',
      'Failed to upload y.webp: Service Unavailable',
    ]);
    expect(server.received).toEqual([]);
  });

  it('says Network Error when the target cannot be reached', async () => {
    const queue = new UploadQueue({
      requestTargets: async () => [{ presignedUrl: 'http://127.0.0.1:9/put', imageId: 'lost' }],
    });
    queue.add([photo('offline.jpg')]);
    const [item] = await queue.whenIdle();
    expect(item?.error).toBe('Failed to upload offline.jpg: Network Error');
  });

  it('cancel stops a running upload and drops it; the others carry on', async () => {
    const queue = new UploadQueue();
    server.hold.add('slow.jpg');
    const [slowId] = queue.add([photo('slow.jpg'), photo('quick.jpg')]);
    await waitFor(queue, (items) => items[0]?.status === 'uploading');
    queue.cancel(slowId ?? '');
    expect(queue.getSnapshot().map((item) => item.filename)).toEqual(['quick.jpg']);
    const items = await queue.whenIdle();
    expect(items.map((item) => [item.filename, item.status])).toEqual([['quick.jpg', 'done']]);
    server.release();
    expect(server.received.map((put) => put.bytes)).toEqual([64 * 1024]);
  });

  it('clear cancels everything, including a URL request still on its way', async () => {
    let answerTargets: (() => void) | undefined;
    const queue = new UploadQueue({
      requestTargets: (files, signal) =>
        new Promise((resolve, reject) => {
          signal.addEventListener('abort', () => reject(new Error('aborted')));
          answerTargets = () =>
            resolve(
              files.map((_, i) => ({
                presignedUrl: `${server.origin}/put/z${i}`,
                imageId: `z${i}`,
              })),
            );
        }),
    });
    queue.add([photo('one.jpg'), photo('two.jpg')]);
    queue.clear();
    answerTargets?.();
    expect(await queue.whenIdle()).toEqual([]);
    expect(server.received).toEqual([]);
  });
});
