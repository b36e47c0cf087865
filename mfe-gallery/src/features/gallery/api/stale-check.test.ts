import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { GalleryItem } from '@app/shared/data/media';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { looksStale } from './stale-check';

/** A real file server: /ok answers, /gone is 404, /slow never answers. */
let server: Server;
let origin = '';
const asked: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    asked.push(`${req.method} ${req.url}`);
    if (req.url?.startsWith('/slow')) return;
    res.writeHead(req.url?.startsWith('/ok') ? 200 : 404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  asked.length = 0;
});

const item = (path: string): GalleryItem =>
  ({
    imageId: path,
    checkUrl: `${origin}/${path}`,
    thumbnailUrl: `${origin}/thumb`,
  }) as GalleryItem;

describe('the stale check (spec §4)', () => {
  it('HEADs the first 2 of the first 3 images and no more', async () => {
    expect(await looksStale([item('ok1'), item('ok2'), item('gone3'), item('gone4')])).toBe(false);
    expect(asked).toEqual(['HEAD /ok1', 'HEAD /ok2']);
  });

  it('is stale only when more than half of the checks fail', async () => {
    expect(await looksStale([item('gone1'), item('ok2')])).toBe(false);
    expect(await looksStale([item('gone1'), item('gone2'), item('ok3')])).toBe(true);
    expect(await looksStale([item('gone1')])).toBe(true);
    expect(await looksStale([])).toBe(false);
  });

  it('counts an image that does not answer within 5 s as failed', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const verdict = looksStale([item('slow1'), item('slow2')]);
      // (vi.waitFor would move the faked clock on by itself.)
      while (asked.length < 2) await new Promise((resolve) => setImmediate(resolve));
      await vi.advanceTimersByTimeAsync(4999);
      let settled = false;
      void verdict.then(() => (settled = true));
      await Promise.resolve();
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(await verdict).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('uses the thumbnail when an item has no HEAD URL', async () => {
    const legacy = { imageId: 'x', thumbnailUrl: `${origin}/ok-thumb` } as GalleryItem;
    expect(await looksStale([legacy])).toBe(false);
    expect(asked).toEqual(['HEAD /ok-thumb']);
  });
});
