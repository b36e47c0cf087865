import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { configureApiClient } from '@app/shared/api-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { HdRequest } from '../contract/media';
import type { JobView } from '../contract/jobs';
import { API_TEXT, GENERATE_TEXT, HD_TEXT } from '../spec/messages';
import { hdFailureMessage, hdVersionUrl } from './hd';

/** A real HTTP server standing in for the API: answers each "METHOD /path" from its queue. */
let server: Server;
const queues = new Map<string, { status: number; body: unknown }[]>();
const seen: string[] = [];

const job = (status: JobView['status'], error: string | null = null): JobView => ({
  id: 'job-1',
  kind: 'hd',
  status,
  output: status === 'succeeded' ? ['img-1'] : [],
  error,
  progress: null,
  etaSeconds: null,
  modelId: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  startedAt: null,
  finishedAt: null,
});
const hd = (status: JobView['status'], downloadUrl?: string): HdRequest => ({
  job: job(status),
  hd: {
    quality: 'enlarged',
    ready: downloadUrl !== undefined,
    jobId: 'job-1',
    ...(downloadUrl ? { downloadUrl } : {}),
  },
});

beforeAll(async () => {
  server = createServer((req, res) => {
    const key = `${req.method} ${new URL(req.url ?? '/', 'http://test').pathname}`;
    seen.push(key);
    const answer = queues.get(key)?.shift() ?? { status: 404, body: { message: 'Not found' } };
    res.writeHead(answer.status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  configureApiClient({ baseUrl: `http://127.0.0.1:${port}/api`, getToken: async () => 'token' });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  queues.clear();
  seen.length = 0;
});

describe('the HD version of an image', () => {
  it('polls the running job, then asks again for the stored file', async () => {
    queues.set('POST /api/media/img-1/hd', [
      { status: 202, body: hd('queued') },
      { status: 200, body: hd('succeeded', 'https://files/hd') },
    ]);
    queues.set('GET /api/generate/status/job-1', [
      { status: 200, body: job('running') },
      { status: 200, body: job('succeeded') },
    ]);
    await expect(hdVersionUrl('img-1', 0)).resolves.toBe('https://files/hd');
    expect(seen).toEqual([
      'POST /api/media/img-1/hd',
      'GET /api/generate/status/job-1',
      'GET /api/generate/status/job-1',
      'POST /api/media/img-1/hd',
    ]);
  });

  it('says why it failed: the job’s error, the server’s text, else the general one', async () => {
    queues.set('POST /api/media/img-1/hd', [
      { status: 202, body: hd('running') },
      { status: 429, body: { error: 'TooManyRequests', message: API_TEXT.tooManyRequests } },
    ]);
    queues.set('GET /api/generate/status/job-1', [
      { status: 200, body: job('failed', 'The engine failed.') },
    ]);
    const failed = await hdVersionUrl('img-1', 0).catch((error: unknown) => error);
    expect(hdFailureMessage(failed)).toBe('The engine failed.');
    const refused = await hdVersionUrl('img-1', 0).catch((error: unknown) => error);
    expect(hdFailureMessage(refused)).toBe(API_TEXT.tooManyRequests);
    expect(hdFailureMessage(new TypeError('Failed to fetch'))).toBe(HD_TEXT.failed);
  });

  it('stops waiting for a job that does not end, and says it is taking longer', async () => {
    queues.set('POST /api/media/img-1/hd', [{ status: 202, body: hd('queued') }]);
    queues.set('GET /api/generate/status/job-1', [
      { status: 200, body: job('running') },
      { status: 200, body: job('running') },
      { status: 200, body: job('running') },
    ]);
    const gaveUp = await hdVersionUrl('img-1', 0, 3).catch((error: unknown) => error);
    expect(hdFailureMessage(gaveUp)).toBe(GENERATE_TEXT.takingTooLong);
    expect(seen.filter((request) => request.startsWith('GET'))).toHaveLength(3);
  });
});
