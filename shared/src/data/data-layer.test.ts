import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { configureApiClient } from '@app/shared/api-client';
import { mutate, type Key } from 'swr';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MediaItem, MediaPage } from '../contract/media';
import type { UserProfile } from '../contract/user';
import { EDIT_MASK_TEXT, editMaskProblem } from '../spec/edit-mask';
import { cancelSubscription } from './billing';
import { editFaces, isJobSettled, jobKeys } from './jobs';
import { deleteMedia, mediaKeys } from './media';
import { removeProfilePicture, updateUser, userKeys } from './user';

/** A real HTTP server standing in for the API: answers by "METHOD /path", records every call. */
let server: Server;
const answers = new Map<string, unknown>();
const seen: { method: string; url: string; authorization: string | undefined; body: string }[] = [];

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  let body = '';
  for await (const chunk of req) body += String(chunk);
  seen.push({
    method: req.method ?? '',
    url: req.url ?? '',
    authorization: req.headers.authorization,
    body,
  });
  const path = new URL(req.url ?? '/', 'http://test').pathname.replace(/^\/api/, '');
  const answer = answers.get(`${req.method} ${path}`);
  res.writeHead(answer === undefined ? 404 : 200, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(answer ?? { error: 'NotFound', message: 'Not found' }));
}

/** What the SWR cache holds under `key` (a mutate that returns what it is given reads it). */
async function cached<T>(key: Key): Promise<T | undefined> {
  let current: T | undefined;
  await mutate<T>(
    key,
    (data) => {
      current = data;
      return data;
    },
    { revalidate: false },
  );
  return current;
}

const profile: UserProfile = {
  name: 'Ada',
  email: 'ada@example.com',
  createdAt: '2026-01-01T00:00:00.000Z',
  profilePicture: 'https://files/picture',
  subscriptionStatus: 'active',
  subscriptionEnd: null,
  models: [],
  isAdmin: false,
  modelLimit: 5,
  modelStatus: 'none',
  modelId: null,
  storageUsed: 0,
  storageQuota: 2 * 1024 ** 3,
  trainingEngine: 'builtin-cpu',
  settings: { emailWhenModelReady: true },
};

function item(imageId: string): MediaItem {
  return {
    imageId,
    type: 'generated',
    status: 'ready',
    preview: false,
    filename: `${imageId}.png`,
    contentType: 'image/png',
    caption: '',
    prompt: 'a cat',
    aspectRatio: '1:1',
    mode: 'text-to-image',
    likeness: null,
    seed: 1,
    modelIds: ['m1'],
    engine: 'builtin-cpu',
    identityScore: null,
    failureReason: null,
    photoCheck: null,
    width: 512,
    height: 512,
    createdAt: '2026-01-01T00:00:00.000Z',
  };
}

beforeAll(async () => {
  server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  configureApiClient({
    baseUrl: `http://127.0.0.1:${port}/api`,
    getToken: async () => 'id-token',
    onUnauthorized: () => undefined,
  });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  answers.clear();
  seen.length = 0;
});

describe('key helpers', () => {
  it('name each read by its §7 path and query', () => {
    expect(userKeys.profile()).toEqual(['/user']);
    expect(mediaKeys.page('generated')).toEqual([
      '/media',
      { type: 'generated', includeUrls: true, limit: 10, sort: 'createdAt:desc' },
    ]);
    // 'all' leaves the type out, as the spec says.
    expect(mediaKeys.page('all', 'c2')).toEqual([
      '/media',
      { includeUrls: true, limit: 10, sort: 'createdAt:desc', cursor: 'c2' },
    ]);
    expect(mediaKeys.trainingPhotos()).toEqual(['/media/training-photos', { includeUrls: true }]);
    expect(jobKeys.status('j/1')).toEqual(['/generate/status/j%2F1']);
  });

  it('page by cursor until the last page', () => {
    const pages = mediaKeys.pages('all');
    const page = (hasMore: boolean, nextCursor: string | null): MediaPage => ({
      items: [],
      hasMore,
      nextCursor,
    });
    expect(pages(0, null)).toEqual(mediaKeys.page('all'));
    expect(pages(1, page(true, 'c1'))).toEqual(mediaKeys.page('all', 'c1'));
    expect(pages(2, page(false, null))).toBeNull();
  });

  it('tell a settled job from one still running', () => {
    expect(isJobSettled(undefined)).toBe(false);
    expect(isJobSettled({ status: 'queued' })).toBe(false);
    expect(isJobSettled({ status: 'running' })).toBe(false);
    for (const status of ['succeeded', 'failed', 'canceled'] as const) {
      expect(isJobSettled({ status })).toBe(true);
    }
  });
});

describe('reads of an api deployed apart from the page', () => {
  it("editFaces takes an older api's faces without a head outline as faces with none", async () => {
    const outline = [
      { x: 0.2, y: 0.5 },
      { x: 0.5, y: 0.8 },
      { x: 0.8, y: 0.5 },
    ];
    answers.set('POST /generate/edit-image/faces', { faces: [{ outline, isModelPerson: true }] });
    const faces = await editFaces(new Blob(['jpeg'], { type: 'image/jpeg' }), ['model-1']);
    expect(faces).toEqual([{ outline, headOutline: [], isModelPerson: true }]);
    expect(editMaskProblem({ areaFraction: 0.1, painted: () => true, faces })).toBe(
      EDIT_MASK_TEXT.crossesFaceEdge,
    );
  });
});

describe('mutations update the cache through the key helpers', () => {
  it('updateUser stores the answered profile under the profile key', async () => {
    await mutate(userKeys.profile(), profile, { revalidate: false });
    answers.set('PUT /user', { ...profile, name: 'Ada L.' });
    await updateUser({ name: 'Ada L.' });
    expect(seen).toMatchObject([
      {
        method: 'PUT',
        url: '/api/user',
        authorization: 'Bearer id-token',
        body: '{"name":"Ada L."}',
      },
    ]);
    expect((await cached<UserProfile>(userKeys.profile()))?.name).toBe('Ada L.');
  });

  it('removeProfilePicture and cancelSubscription change the cached profile', async () => {
    await mutate(userKeys.profile(), profile, { revalidate: false });
    answers.set('DELETE /user/profile-picture', { profilePicture: null });
    answers.set('POST /cancel-subscription', {
      subscriptionStatus: 'canceled',
      subscriptionEnd: '2026-02-01T00:00:00.000Z',
    });
    answers.set('GET /user', profile);
    await removeProfilePicture();
    await cancelSubscription();
    expect(await cached<UserProfile>(userKeys.profile())).toMatchObject({
      profilePicture: null,
      subscriptionStatus: 'canceled',
      subscriptionEnd: '2026-02-01T00:00:00.000Z',
    });
  });

  it('deleteMedia takes the image out of every cached gallery list', async () => {
    const all = mediaKeys.list('all');
    const generated = mediaKeys.list('generated');
    const pages: MediaPage[] = [
      { items: [item('a'), item('b')], hasMore: true, nextCursor: 'c1' },
      { items: [item('c')], hasMore: false, nextCursor: null },
    ];
    await mutate(all, pages, { revalidate: false });
    await mutate(generated, pages, { revalidate: false });
    await mutate(mediaKeys.item('b'), item('b'), { revalidate: false });
    answers.set('DELETE /media/b', { imageId: 'b', deleted: true });

    await deleteMedia('b');

    expect(seen[0]).toMatchObject({ method: 'DELETE', url: '/api/media/b' });
    for (const key of [all, generated]) {
      const lists = await cached<MediaPage[]>(key);
      expect(lists?.map((page) => page.items.map((entry) => entry.imageId))).toEqual([
        ['a'],
        ['c'],
      ]);
    }
    expect(await cached(mediaKeys.item('b'))).toBeUndefined();
  });

  it('a failed deletion changes nothing in the cache', async () => {
    const all = mediaKeys.list('all');
    const pages: MediaPage[] = [{ items: [item('x')], hasMore: false, nextCursor: null }];
    await mutate(all, pages, { revalidate: false });
    await expect(deleteMedia('x')).rejects.toMatchObject({ status: 404 });
    expect((await cached<MediaPage[]>(all))?.[0]?.items).toHaveLength(1);
  });
});
