// @vitest-environment jsdom
import { createServer, type IncomingMessage, type ServerResponse, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { configureApiClient } from '@app/shared/api-client';
import { bus } from '@app/shared/bus';
import { act, renderHook, waitFor } from '@testing-library/react';
import { mutate, SWRConfig } from 'swr';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MediaItem, MediaPage } from '../contract/media';
import { GALLERY_CACHE_TTL_MS } from '../spec/constants';
import { fetchApiKey } from './api-key';
import {
  clearMediaCaches,
  deleteMedia,
  fetchMediaPage,
  forceMediaRefresh,
  mediaKeys,
  preloadMediaPages,
  refreshMediaItemUrls,
  useMediaPages,
  useTrainingPhotos,
  type GalleryPage,
} from './media';
import { GALLERY_STORAGE_KEY, storedPage } from './media-cache';
import { preloadRead } from './preload-read';

/** A real HTTP server standing in for the API; `down` makes it hang up without an answer. */
let server: Server;
let port = 0;
let down = false;
const requests: string[] = [];
const arrived: string[] = [];
let version = 1;
/** While set, the API holds its answers until the test releases them. */
let holdAnswers = false;
const held: Array<() => void> = [];
function releaseAnswers(): void {
  holdAnswers = false;
  for (const answerHeld of held.splice(0)) answerHeld();
}

function item(imageId: string): MediaItem {
  return {
    imageId,
    type: 'generated',
    status: 'ready',
    preview: false,
    filename: `${imageId}.png`,
    contentType: 'image/png',
    caption: '',
    prompt: 'a portrait in warm light',
    aspectRatio: '1:1',
    mode: 'text-to-image',
    likeness: null,
    seed: 1,
    modelIds: ['m1'],
    engine: 'builtin-cpu',
    identityScore: null,
    photoCheck: null,
    failureReason: null,
    width: 512,
    height: 512,
    createdAt: '2026-01-01T00:00:00.000Z',
    thumbnailUrl: `http://files/${imageId}/thumbnail?v=${version}`,
  };
}

function handle(req: IncomingMessage, res: ServerResponse): void {
  arrived.push(`${req.method} ${req.url}`);
  if (holdAnswers) {
    held.push(() => answer(req, res));
  } else {
    answer(req, res);
  }
}

function answer(req: IncomingMessage, res: ServerResponse): void {
  if (down) {
    req.socket.destroy();
    return;
  }
  const url = new URL(req.url ?? '/', 'http://test');
  requests.push(`${req.method} ${url.pathname}${url.search}`);
  let body: unknown;
  if (req.method === 'GET' && url.pathname === '/api/media') {
    const cursor = url.searchParams.get('cursor');
    const page: MediaPage = cursor
      ? { items: [item('c')], hasMore: false, nextCursor: null }
      : { items: [item('a'), item('b')], hasMore: true, nextCursor: 'after-b' };
    body = page;
  } else if (req.method === 'GET' && url.pathname === '/api/media/training-photos') {
    body = { items: [{ ...item('t1'), type: 'training' }] };
  } else if (req.method === 'GET' && url.pathname.startsWith('/api/media/')) {
    body = item(url.pathname.split('/').pop()!);
  } else if (req.method === 'DELETE') {
    body = { imageId: url.pathname.split('/').pop(), deleted: true };
  } else if (url.pathname === '/api/user') {
    body = { models: [] };
  }
  res.writeHead(body === undefined ? 404 : 200, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body ?? { error: 'NotFound', message: 'Not found' }));
}

const first = mediaKeys.page('generated');
const second = mediaKeys.page('generated', 'after-b');
const idOf = (key: unknown) => JSON.stringify(key);
const mediaRequests = () => requests.filter((request) => request.startsWith('GET /api/media?'));
/** Requests that arrived, answered yet or not. */
const arrivedMediaRequests = () =>
  arrived.filter((request) => request.startsWith('GET /api/media?'));

beforeAll(async () => {
  server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  configureApiClient({
    baseUrl: `http://127.0.0.1:${port}/api`,
    getToken: async () => 'id-token',
    onUnauthorized: () => undefined,
  });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(async () => {
  await clearMediaCaches();
  requests.length = 0;
  arrived.length = 0;
  down = false;
  version = 1;
  releaseAnswers();
});
afterEach(() => vi.useRealTimers());

describe('the gallery cache (spec §9)', () => {
  it('keeps a page in browser storage for 45 minutes, then reads it again', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: 1_000_000 });
    const page = await fetchMediaPage(first);
    expect(page.items.map((listed) => listed.cacheTimestamp)).toEqual([1_000_000, 1_000_000]);
    expect(mediaRequests()).toEqual([
      'GET /api/media?type=generated&includeUrls=true&limit=10&sort=createdAt%3Adesc',
    ]);
    expect(localStorage.getItem(GALLERY_STORAGE_KEY)).toContain('after-b');

    vi.setSystemTime(1_000_000 + GALLERY_CACHE_TTL_MS - 1);
    expect(await fetchMediaPage(first)).toEqual(page);
    expect(mediaRequests()).toHaveLength(1);

    vi.setSystemTime(1_000_000 + GALLERY_CACHE_TTL_MS);
    version = 2;
    const later = await fetchMediaPage(first);
    expect(mediaRequests()).toHaveLength(2);
    expect(later.items[0]?.thumbnailUrl).toContain('v=2');
  });

  it('reads from the API when a refresh is forced, even while the stored page is fresh', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: 1_000_000 });
    await fetchMediaPage(first);
    // Asked for after the page was stored.
    vi.setSystemTime(1_000_001);
    forceMediaRefresh('generated');
    await fetchMediaPage(first);
    expect(mediaRequests()).toHaveLength(2);
    // A refresh of one list leaves the others as they were.
    await fetchMediaPage(mediaKeys.page('all'));
    await fetchMediaPage(mediaKeys.page('all'));
    expect(mediaRequests()).toHaveLength(3);
  });

  it('offline, shows the stored page at any age, unless fresh pages were asked for', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: 1_000_000 });
    const page = await fetchMediaPage(first);
    vi.setSystemTime(1_000_000 + 10 * GALLERY_CACHE_TTL_MS);
    down = true;
    expect(await fetchMediaPage(first)).toEqual(page);
    await expect(fetchMediaPage(second)).rejects.toThrow();

    forceMediaRefresh('generated');
    vi.setSystemTime(1_000_000 + 10 * GALLERY_CACHE_TTL_MS + 1);
    await expect(fetchMediaPage(first)).rejects.toThrow();
  });

  it('a deleted image leaves the stored pages and the lists in memory', async () => {
    const page = await fetchMediaPage(first);
    const list = mediaKeys.list('generated');
    await mutate(list, [page], { revalidate: false });
    await deleteMedia('a');
    expect(requests).toContain('DELETE /api/media/a');
    expect(storedPage(idOf(first))?.page.items.map((listed) => listed.imageId)).toEqual(['b']);
    let inMemory: GalleryPage[] | undefined;
    await mutate<GalleryPage[]>(list, (pages) => (inMemory = pages), { revalidate: false });
    expect(inMemory?.[0]?.items.map((listed) => listed.imageId)).toEqual(['b']);
    // Still fresh: no request to show what is left.
    await fetchMediaPage(first);
    expect(mediaRequests()).toHaveLength(1);
  });

  it('an image that failed to load gets fresh URLs in place, one request for many asks', async () => {
    await fetchMediaPage(first);
    version = 2;
    await Promise.all([refreshMediaItemUrls('b'), refreshMediaItemUrls('b')]);
    expect(requests.filter((request) => request === 'GET /api/media/b')).toHaveLength(1);
    const items = storedPage(idOf(first))?.page.items;
    expect(items?.map((listed) => listed.thumbnailUrl)).toEqual([
      'http://files/a/thumbnail?v=1',
      'http://files/b/thumbnail?v=2',
    ]);
  });

  it('a new image (bus gallery:invalidate) drops the stored pages; logout drops everything', async () => {
    await fetchMediaPage(first);
    await fetchMediaPage(second);
    bus.emit('gallery:invalidate', { reason: 'generated' });
    await vi.waitFor(() => expect(storedPage(idOf(first))).toBeUndefined());
    await fetchMediaPage(first);
    expect(mediaRequests()).toHaveLength(3);

    const list = mediaKeys.list('generated');
    await mutate(list, [await fetchMediaPage(first)], { revalidate: false });
    bus.emit('auth:logout', { reason: 'user' });
    expect(localStorage.getItem(GALLERY_STORAGE_KEY)).toBeNull();
    await vi.waitFor(async () => {
      let inMemory: GalleryPage[] | undefined = [];
      await mutate<GalleryPage[]>(list, (pages) => (inMemory = pages), { revalidate: false });
      expect(inMemory).toBeUndefined();
    });
  });
});

describe('useMediaPages', () => {
  // A cache of its own per test, as a fresh page load would have.
  const fresh = ({ children }: { children: ReactNode }) => (
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{children}</SWRConfig>
  );

  it('shows the first page, more by cursor, and the stored pages on the next visit', async () => {
    const { result, unmount } = renderHook(() => useMediaPages('generated'), { wrapper: fresh });
    await waitFor(() => expect(result.current.pages).toHaveLength(1));
    await act(() => result.current.loadMore());
    expect(
      result.current.pages?.flatMap((page) => page.items.map((listed) => listed.imageId)),
    ).toEqual(['a', 'b', 'c']);
    expect(mediaRequests()).toHaveLength(2);
    unmount();

    // Back again: both pages at once from storage, without a request.
    const again = renderHook(() => useMediaPages('generated'), { wrapper: fresh });
    expect(again.result.current.pages).toHaveLength(2);
    await waitFor(() => expect(again.result.current.isValidating).toBe(false));
    expect(mediaRequests()).toHaveLength(2);

    // Refresh reads both from the API.
    await act(() => again.result.current.refresh());
    expect(mediaRequests()).toHaveLength(4);
  });

  it('takes over a read started before the gallery rendered: one request', async () => {
    holdAnswers = true;
    preloadMediaPages('generated');
    await waitFor(() => expect(arrivedMediaRequests()).toHaveLength(1));

    // The gallery renders while the answer is still on its way.
    const { result } = renderHook(() => useMediaPages('generated'), { wrapper: fresh });
    releaseAnswers();
    await waitFor(() => expect(result.current.pages).toHaveLength(1));
    expect(result.current.pages?.[0]?.items.map((listed) => listed.imageId)).toEqual(['a', 'b']);
    await waitFor(() => expect(result.current.isValidating).toBe(false));
    expect(arrivedMediaRequests()).toHaveLength(1);
  });

  it('takes over a read of the training photos started before the models page rendered', async () => {
    holdAnswers = true;
    const trainingReads = () =>
      arrived.filter((request) => request.startsWith('GET /api/media/training-photos'));
    preloadRead(mediaKeys.trainingPhotos(), fetchApiKey(mediaKeys.trainingPhotos()));
    await waitFor(() => expect(trainingReads()).toHaveLength(1));

    const { result } = renderHook(() => useTrainingPhotos(), { wrapper: fresh });
    releaseAnswers();
    await waitFor(() => expect(result.current.data?.items).toHaveLength(1));
    expect(result.current.data?.items[0]?.imageId).toBe('t1');
    await waitFor(() => expect(result.current.isValidating).toBe(false));
    expect(trainingReads()).toEqual(['GET /api/media/training-photos?includeUrls=true']);
  });
});
