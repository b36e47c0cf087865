import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESSION_THRESHOLD } from '../src/app';
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

/** Non-ASCII on purpose: the decoded text must match exactly. */
const prompt = (index: number) => `a portrait in the rain, café lights, number ${index}`;

describe(
  'GET /api/media answers: compressed above the threshold, validated, fresh',
  { timeout: 60_000 },
  () => {
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

    const EMPTY = '/api/media?type=training';
    const SMALL = '/api/media?limit=10';
    const LARGE = '/api/media?limit=100';

    it('sends a large page compressed as the client asks, decoding to the same JSON', async () => {
      const plain = await as(owner, LARGE);
      expect(plain.status).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(plain.bytes.length).toBeGreaterThan(COMPRESSION_THRESHOLD);
      const text = decoded(plain);
      expect(JSON.parse(text).items).toHaveLength(100);
      for (const [accept, encoding] of [
        ['gzip, deflate, br', 'br'],
        ['gzip', 'gzip'],
        ['deflate', 'deflate'],
        ['br;q=0.5, gzip', 'gzip'],
        ['identity', undefined],
      ] as const) {
        const answer = await as(owner, LARGE, { 'accept-encoding': accept });
        expect(answer.status, accept).toBe(200);
        expect(answer.headers['content-encoding'], accept).toBe(encoding);
        expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(decoded(answer), accept).toBe(text);
      }
    });

    it('sends a page below the threshold as it is', async () => {
      for (const path of [EMPTY, SMALL]) {
        const answer = await as(owner, path, { 'accept-encoding': 'gzip, deflate, br' });
        expect(answer.status, path).toBe(200);
        expect(answer.bytes.length, path).toBeLessThan(COMPRESSION_THRESHOLD);
        expect(answer.headers['content-encoding'], path).toBeUndefined();
        expect(JSON.parse(decoded(answer)).items, path).toHaveLength(path === SMALL ? 10 : 0);
      }
    });

    it('refuses a bad query with its message', async () => {
      for (const query of ['limit=1000', 'limit=10&limit=11', 'limit=10&status=x', 'limit=010x']) {
        const answer = await as(owner, `/api/media?${query}`);
        expect(answer.status, query).toBe(400);
        expect(JSON.parse(decoded(answer)), query).toEqual({
          error: expect.any(String),
          message: expect.any(String),
        });
      }
    });

    it('sends a page to its own user only, and never without a token', async () => {
      const mine = JSON.parse(decoded(await as(owner, SMALL)));
      expect(mine.items).toHaveLength(10);

      const theirs = await as(newUser(), SMALL);
      expect(theirs.status).toBe(200);
      expect(JSON.parse(decoded(theirs))).toEqual({ items: [], hasMore: false, nextCursor: null });

      expect((await get(`${studio.running.url}${SMALL}`, {})).status).toBe(401);
      const forged = await get(`${studio.running.url}${SMALL}`, {
        authorization: `Bearer ${ownerToken.slice(0, -4)}AAAA`,
      });
      expect(forged.status).toBe(401);
    });

    it('lists the training photos, then the change after an upload', async () => {
      const trainer = newUser();
      await uploadPhotos(studio, trainer, 3);
      const path = '/api/media/training-photos?includeUrls=true';
      const brotli = { 'accept-encoding': 'br' };
      expect(JSON.parse(decoded(await as(trainer, path, brotli))).items).toHaveLength(3);

      await uploadPhotos(studio, trainer, 1);
      expect(JSON.parse(decoded(await as(trainer, path, brotli))).items).toHaveLength(4);
      expect(JSON.parse(decoded(await as(owner, path, brotli))).items).toEqual([]);
    });

    it('sends the change after a write', async () => {
      const before = JSON.parse(decoded(await as(owner, SMALL)));
      await insertGenerated(1);
      const after = JSON.parse(decoded(await as(owner, SMALL, { 'accept-encoding': 'br' })));
      expect(after.items[0].imageId).not.toBe(before.items[0].imageId);
      expect(after.items.slice(1)).toEqual(before.items.slice(0, 9));
    });
  },
);
