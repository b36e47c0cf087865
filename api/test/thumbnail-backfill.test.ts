import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillThumbnails } from '../src/services/thumbnail-backfill';
import { mediaKeys } from '../src/storage/keys';
import { uploadJpegs, userIdOf } from './support/fixtures';
import { facePhotoPaths } from './support/images';
import { newUser, startStudio, type Studio } from './support/studio';
import { DIALECTS } from './support/test-database';

describe.each(DIALECTS)('the thumbnail backfill on %s', { timeout: 60_000 }, (dialect) => {
  let studio: Studio;
  beforeAll(async () => {
    studio = await startStudio({ WRITE_RATE_LIMIT_PER_MINUTE: '10000' }, dialect);
  }, 30_000);
  afterAll(() => studio.stop());

  /** Two real photos, made to look stored before the smaller thumbnails existed. */
  async function olderImages() {
    const user = newUser();
    const [first, second] = facePhotoPaths();
    const ids = await uploadJpegs(studio, user, [
      { data: readFileSync(first!), filename: 'one.jpg' },
      { data: readFileSync(second!), filename: 'two.jpg' },
    ]);
    const userId = await userIdOf(studio, user);
    const { db, storage } = studio.running.app;
    await db
      .updateTable('media')
      .set({ small_thumbnail: 0, medium_thumbnail: 0 })
      .where('id', 'in', ids)
      .execute();
    for (const id of ids) {
      const keys = mediaKeys(userId, id);
      await storage.delete(keys.mediumThumbnail);
      await storage.delete(keys.smallThumbnail);
    }
    return { user, userId, ids };
  }

  async function longestSide(key: string): Promise<number | undefined> {
    const stored = await studio.running.app.storage.read(key);
    if (!stored) return undefined;
    const chunks: Buffer[] = [];
    for await (const chunk of stored.stream) chunks.push(chunk as Buffer);
    const { width, height } = await sharp(Buffer.concat(chunks)).metadata();
    return Math.max(width, height);
  }

  it('gives older images the 384 and the 256, then lists them; a second run has nothing to do', async () => {
    const { user, userId, ids } = await olderImages();
    const { db, storage } = studio.running.app;
    const before = await studio.as(user, 'GET', `/api/media/${ids[0]}`);
    expect(before.body).not.toHaveProperty('mediumThumbnailUrl');

    expect(await backfillThumbnails(db, storage)).toBeGreaterThanOrEqual(2);
    for (const id of ids) {
      const keys = mediaKeys(userId, id);
      expect(await longestSide(keys.mediumThumbnail)).toBe(384);
      expect(await longestSide(keys.smallThumbnail)).toBe(256);
    }
    const after = await studio.as(user, 'GET', `/api/media/${ids[0]}`);
    const medium = await fetch(after.body.mediumThumbnailUrl);
    expect(medium.status).toBe(200);
    await medium.arrayBuffer();
    const photos = await studio.as(user, 'GET', '/api/media/training-photos?includeUrls=true');
    for (const photo of photos.body.items) {
      expect(photo).toMatchObject({
        mediumThumbnailUrl: expect.any(String),
        smallThumbnailUrl: expect.any(String),
      });
    }

    expect(await backfillThumbnails(db, storage)).toBe(0);
  });

  it('passes over an image it cannot do, once, and goes on with the others', async () => {
    const { userId, ids } = await olderImages();
    const { db, storage } = studio.running.app;
    await storage.delete(mediaKeys(userId, ids[0]!).web);
    const skipped: string[] = [];
    const completed = await backfillThumbnails(db, storage, {
      onSkip: (imageId) => skipped.push(imageId),
    });
    expect(skipped).toEqual([ids[0]]);
    expect(completed).toBeGreaterThanOrEqual(1);
    expect(await longestSide(mediaKeys(userId, ids[1]!).mediumThumbnail)).toBe(384);
    const flags = await db
      .selectFrom('media')
      .select(['id', 'small_thumbnail', 'medium_thumbnail'])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();
    expect(flags.find((row) => row.id === ids[0])).toMatchObject({
      small_thumbnail: 0,
      medium_thumbnail: 0,
    });
    expect(flags.find((row) => row.id === ids[1])).toMatchObject({
      small_thumbnail: 1,
      medium_thumbnail: 1,
    });
  });

  it('stops between images when asked', async () => {
    await olderImages();
    const { db, storage } = studio.running.app;
    expect(await backfillThumbnails(db, storage, { stopped: () => true })).toBe(0);
    expect(await backfillThumbnails(db, storage)).toBeGreaterThanOrEqual(2);
  });
});
