import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertGeneratedImages, userIdOf } from './support/fixtures';
import { newUser, startStudio, type Studio } from './support/studio';
import type { TestUser } from './support/tokens';
import { DIALECTS } from './support/test-database';

describe.each(DIALECTS)('GET /api/media keyset paging on %s', { timeout: 60_000 }, (dialect) => {
  let studio: Studio;
  let user: TestUser;
  let userId: string;
  const clock = { now: Date.parse('2026-01-01T00:00:00.000Z') };
  /** Several rows share each millisecond, to test the keyset's tie-break. */
  const insertGenerated = (count: number) =>
    insertGeneratedImages(studio, userId, count, { clock, perMillisecond: 3 });

  beforeAll(async () => {
    studio = await startStudio({}, dialect);
    user = newUser();
    userId = await userIdOf(studio, user);
  }, 30_000);
  afterAll(() => studio.stop());

  it('walks 1 000 items with no duplicates and no gaps, while new items arrive', async () => {
    const original = new Set(await insertGenerated(1000));
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const page = await studio.as(user, 'GET', `/api/media?type=generated&limit=37${query}`);
      expect(page.status).toBe(200);
      seen.push(...page.body.items.map((item: { imageId: string }) => item.imageId));
      cursor = page.body.nextCursor;
      expect(page.body.hasMore).toBe(cursor !== null);
      pages += 1;
      // Newer images land in front of the walk and must not disturb it.
      if (pages % 5 === 0) await insertGenerated(7);
    } while (cursor);

    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.filter((id) => original.has(id))).toHaveLength(1000);
    expect(seen.every((id) => original.has(id))).toBe(true);
    expect(pages).toBe(Math.ceil(1000 / 37));
  });

  it('answers the default page of 10, newest first, filtered by type and status', async () => {
    const first = await studio.as(user, 'GET', '/api/media');
    expect(first.body.items).toHaveLength(10);
    const times = first.body.items.map((item: { createdAt: string }) => item.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const training = await studio.as(user, 'GET', '/api/media?type=training');
    expect(training.body).toEqual({ items: [], hasMore: false, nextCursor: null });
    const pending = await studio.as(user, 'GET', '/api/media?status=pending');
    expect(pending.body.items).toEqual([]);
  });
});
