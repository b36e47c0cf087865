import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESSION_THRESHOLD, KEPT_COMPRESSION_THRESHOLD } from '../src/compression';
import { insertGeneratedImages, uploadPhotos, userIdOf } from './support/fixtures';
import { newUser, startStudio, type Studio } from './support/studio';
import type { TestUser } from './support/tokens';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The bytes as they came, still encoded. */
  bytes: Buffer;
}

/** Node's http client, which (unlike fetch) leaves a compressed body as it came. */
function get(url: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode!,
          headers: response.headers,
          bytes: Buffer.concat(chunks),
        }),
      );
      response.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

function decoded(answer: Answer): string {
  switch (answer.headers['content-encoding']) {
    case undefined:
      return answer.bytes.toString('utf8');
    case 'br':
      return brotliDecompressSync(answer.bytes).toString('utf8');
    case 'gzip':
      return gunzipSync(answer.bytes).toString('utf8');
    case 'deflate':
      return inflateSync(answer.bytes).toString('utf8');
    default:
      throw new Error(`unexpected encoding ${String(answer.headers['content-encoding'])}`);
  }
}

/** Non-ASCII on purpose: the thresholds count bytes, the decoded text must match exactly. */
const prompt = (index: number) => `a portrait in the rain, café lights, number ${index}`;

describe('GET /api/media answers: kept, compressed by size, validated', { timeout: 60_000 }, () => {
  let studio: Studio;
  let owner: TestUser;
  let ownerToken: string;
  let ownerId: string;
  const clock = { now: Date.parse('2026-02-01T00:00:00.000Z') };

  async function as(user: TestUser, path: string, headers: Record<string, string> = {}) {
    const token = user === owner ? ownerToken : await studio.issuer.idToken(user);
    return get(`${studio.running.url}${path}`, { authorization: `Bearer ${token}`, ...headers });
  }

  const insertGenerated = (count: number) =>
    insertGeneratedImages(studio, ownerId, count, { clock, prompt });

  beforeAll(async () => {
    studio = await startStudio();
    owner = newUser();
    ownerToken = await studio.issuer.idToken(owner);
    ownerId = await userIdOf(studio, owner);
    await insertGenerated(100);
  }, 30_000);
  afterAll(() => studio.stop());

  /** Pages on both sides of the thresholds and of the largest answer kept (32 KB). */
  const EMPTY = '/api/media?type=training';
  const SMALL = '/api/media?limit=10';
  const KEPT_LARGE = '/api/media?limit=60';
  const UNKEPT_LARGE = '/api/media?limit=100';

  it('has pages of the sizes the cases below need', async () => {
    const sizes = await Promise.all(
      [SMALL, KEPT_LARGE, UNKEPT_LARGE].map(async (path) => (await as(owner, path)).bytes.length),
    );
    expect((await as(owner, EMPTY)).bytes.length).toBeLessThan(KEPT_COMPRESSION_THRESHOLD);
    expect(sizes[0]).toBeGreaterThan(KEPT_COMPRESSION_THRESHOLD);
    expect(sizes[0]).toBeLessThan(COMPRESSION_THRESHOLD);
    expect(sizes[1]).toBeGreaterThan(COMPRESSION_THRESHOLD);
    expect(sizes[1]).toBeLessThan(32 * 1024);
    expect(sizes[2]).toBeGreaterThan(32 * 1024);
  });

  it.each([KEPT_LARGE, UNKEPT_LARGE])(
    'sends %s compressed as the client asks, decoding to the same JSON, again and again',
    async (path) => {
      const plain = await as(owner, path);
      expect(plain.status).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
      const text = decoded(plain);
      expect(JSON.parse(text).items).toHaveLength(path === KEPT_LARGE ? 60 : 100);
      for (const [accept, encoding] of [
        ['gzip, deflate, br', 'br'],
        ['br', 'br'],
        ['gzip', 'gzip'],
        ['x-gzip', 'gzip'],
        ['deflate', 'deflate'],
        ['br;q=0.5, gzip', 'gzip'],
        ['identity', undefined],
        ['zstd-only-for-others', undefined],
      ] as const) {
        // The first of each makes the encoded bytes, the second is sent what was made.
        for (const attempt of [1, 2]) {
          const answer = await as(owner, path, { 'accept-encoding': accept });
          expect(answer.status, `${accept} #${attempt}`).toBe(200);
          expect(answer.headers['content-encoding'], accept).toBe(encoding);
          expect(answer.headers['vary'], accept).toBe(encoding ? 'accept-encoding' : undefined);
          expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
          expect(decoded(answer), `${accept} #${attempt}`).toBe(text);
        }
      }
      const refused = await as(owner, path, {
        'accept-encoding': 'br',
        'x-no-compression': '1',
      });
      expect(refused.headers['content-encoding']).toBeUndefined();
      expect(decoded(refused)).toBe(text);
    },
  );

  it('compresses a kept small page once, and sends a tiny one as it is', async () => {
    const text = decoded(await as(owner, SMALL, { 'accept-encoding': 'identity' }));
    expect(JSON.parse(text).items).toHaveLength(10);
    const sent: Buffer[] = [];
    for (const attempt of [1, 2]) {
      const answer = await as(owner, SMALL, { 'accept-encoding': 'gzip, deflate, br' });
      expect(answer.status, `#${attempt}`).toBe(200);
      expect(answer.headers['content-encoding']).toBe('br');
      expect(answer.headers['vary']).toBe('accept-encoding');
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(answer.bytes.length).toBeLessThan(Buffer.byteLength(text) / 2);
      expect(decoded(answer)).toBe(text);
      sent.push(answer.bytes);
    }
    expect(sent[1]).toEqual(sent[0]);

    for (const attempt of [1, 2]) {
      const answer = await as(owner, EMPTY, { 'accept-encoding': 'gzip, deflate, br' });
      expect(answer.status, `#${attempt}`).toBe(200);
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.headers['vary']).toBeUndefined();
      expect(answer.headers['content-length']).toBe(String(answer.bytes.length));
      expect(JSON.parse(decoded(answer)).items).toEqual([]);
    }
  });

  it('still refuses a bad query with its message once good pages are kept', async () => {
    const before = await as(owner, '/api/media?limit=1000');
    expect(before.status).toBe(400);
    const refusal = JSON.parse(decoded(before));
    expect(refusal.message).toEqual(expect.any(String));
    await as(owner, SMALL);
    await as(owner, SMALL);
    for (const query of ['limit=1000', 'limit=10&limit=11', 'limit=10&status=x', 'limit=010x']) {
      const answer = await as(owner, `/api/media?${query}`);
      expect(answer.status, query).toBe(400);
      expect(JSON.parse(decoded(answer)).error, query).toBe(refusal.error);
    }
    expect(JSON.parse(decoded(await as(owner, '/api/media?limit=1000')))).toEqual(refusal);
  });

  it('sends a kept page to its own user only, and never without a token', async () => {
    const mine = JSON.parse(decoded(await as(owner, SMALL)));
    expect(mine.items).toHaveLength(10);
    expect(JSON.parse(decoded(await as(owner, SMALL)))).toEqual(mine);

    const other = newUser();
    const theirs = await as(other, SMALL);
    expect(theirs.status).toBe(200);
    expect(JSON.parse(decoded(theirs))).toEqual({ items: [], hasMore: false, nextCursor: null });

    const anonymous = await get(`${studio.running.url}${SMALL}`, {});
    expect(anonymous.status).toBe(401);
    const forged = await get(`${studio.running.url}${SMALL}`, {
      authorization: `Bearer ${ownerToken.slice(0, -4)}AAAA`,
    });
    expect(forged.status).toBe(401);
  });

  it('keeps the training photos too: compressed, then the change after an upload', async () => {
    const trainer = newUser();
    await uploadPhotos(studio, trainer, 3);
    const path = '/api/media/training-photos?includeUrls=true';
    const brotli = { 'accept-encoding': 'br' };
    const text = decoded(await as(trainer, path));
    expect(JSON.parse(text).items).toHaveLength(3);
    const sent = await Promise.all([as(trainer, path, brotli), as(trainer, path, brotli)]);
    for (const answer of sent) {
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBe('br');
      expect(decoded(answer)).toBe(text);
    }
    expect(sent[1]!.bytes).toEqual(sent[0]!.bytes);

    await uploadPhotos(studio, trainer, 1);
    expect(JSON.parse(decoded(await as(trainer, path, brotli))).items).toHaveLength(4);
    expect(JSON.parse(decoded(await as(owner, path, brotli))).items).toEqual([]);
  });

  it('sends the change, not the kept page, after a write', async () => {
    const kept = JSON.parse(decoded(await as(owner, SMALL)));
    const keptLarge = JSON.parse(decoded(await as(owner, KEPT_LARGE, { 'accept-encoding': 'br' })));
    await insertGenerated(1);
    const [page, large] = await Promise.all([
      as(owner, SMALL),
      as(owner, KEPT_LARGE, { 'accept-encoding': 'br' }),
    ]);
    const newest = JSON.parse(decoded(page)).items[0];
    expect(newest.imageId).not.toBe(kept.items[0].imageId);
    expect(JSON.parse(decoded(page)).items.slice(1)).toEqual(kept.items.slice(0, 9));
    expect(JSON.parse(decoded(large)).items[0]).toEqual(newest);
    expect(JSON.parse(decoded(large)).items.slice(1)).toEqual(keptLarge.items.slice(0, 59));
  });
});

describe('GET /api/media answers on PostgreSQL, where nothing is kept', { timeout: 60_000 }, () => {
  let studio: Studio;
  let owner: TestUser;
  beforeAll(async () => {
    studio = await startStudio({}, 'postgres');
    owner = newUser();
    await insertGeneratedImages(studio, await userIdOf(studio, owner), 10, {
      clock: { now: Date.parse('2026-02-01T00:00:00.000Z') },
      prompt,
    });
  }, 30_000);
  afterAll(() => studio?.stop());

  it('sends a page below the compression threshold as it is, every time', async () => {
    const token = await studio.issuer.idToken(owner);
    for (const attempt of [1, 2]) {
      const answer = await get(`${studio.running.url}/api/media?limit=10`, {
        authorization: `Bearer ${token}`,
        'accept-encoding': 'gzip, deflate, br',
      });
      expect(answer.status, `#${attempt}`).toBe(200);
      expect(answer.bytes.length).toBeGreaterThan(KEPT_COMPRESSION_THRESHOLD);
      expect(answer.bytes.length).toBeLessThan(COMPRESSION_THRESHOLD);
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(JSON.parse(decoded(answer)).items).toHaveLength(10);
    }
  });
});
