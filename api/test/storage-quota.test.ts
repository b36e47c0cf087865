import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { storageQuotaExceeded } from '@app/shared/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trainReadyModel, userIdOf } from './support/fixtures';
import { facePhoto, solidPng } from './support/images';
import { newUser, startStudio, type Studio } from './support/studio';
import type { TestUser } from './support/tokens';

const QUOTA_BYTES = Math.round(0.1 * 1024 * 1024);
const FULL = { error: 'PayloadTooLarge', message: storageQuotaExceeded(QUOTA_BYTES) };

/** The bytes of every file stored under a directory (not the content-type sidecars). */
async function bytesUnder(dir: string): Promise<number> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  let total = 0;
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) total += await bytesUnder(path);
    else if (!entry.name.endsWith('.type')) total += (await stat(path)).size;
  }
  return total;
}

describe.each(['sqlite', 'postgres'] as const)('the per-user storage quota on %s', (dialect) => {
  let studio: Studio;
  beforeAll(async () => {
    studio = await startStudio(
      { STORAGE_QUOTA_MB: '0.1', WRITE_RATE_LIMIT_PER_MINUTE: '10000' },
      dialect,
    );
  }, 60_000);
  afterAll(() => studio.stop());

  async function filesOf(user: TestUser): Promise<number> {
    const userId = await userIdOf(studio, user);
    return bytesUnder(join(studio.running.config.dataDir, 'files', 'users', userId));
  }
  const profile = async (user: TestUser) => (await studio.as(user, 'GET', '/api/user')).body;
  const base64Upload = (user: TestUser, data: Buffer, type: string) =>
    studio.as(user, 'POST', '/api/media/upload', {
      json: {
        photos: [{ imageBase64: data.toString('base64'), filename: 'p', contentType: type }],
      },
    });

  it(
    'counts what is stored, and refuses an upload that does not fit before storing anything',
    { timeout: 60_000 },
    async () => {
      const user = newUser();
      expect(await profile(user)).toMatchObject({ storageUsed: 0, storageQuota: QUOTA_BYTES });

      expect((await base64Upload(user, await solidPng(40, 40), 'image/png')).status).toBe(200);
      const picture = await studio.as(user, 'POST', '/api/user/profile-picture', {
        json: {
          imageBase64: (await solidPng(30, 30)).toString('base64'),
          contentType: 'image/png',
        },
      });
      expect(picture.status).toBe(200);
      const used = (await profile(user)).storageUsed;
      expect(used).toBeGreaterThan(0);
      expect(used).toBe(await filesOf(user));

      const tooBig = await base64Upload(user, facePhoto(), 'image/jpeg');
      expect(tooBig.status).toBe(413);
      expect(tooBig.body).toEqual(FULL);

      const targets = await studio.as(user, 'POST', '/api/media/presigned-urls', {
        json: { files: [{ filename: 'big.jpg', contentType: 'image/jpeg' }] },
      });
      const put = await fetch(targets.body[0].presignedUrl, {
        method: 'PUT',
        headers: { 'content-type': 'image/jpeg' },
        body: facePhoto(),
      });
      expect(put.status).toBe(413);
      expect(await put.json()).toEqual(FULL);
      const refused = await studio.as(user, 'GET', `/api/media/${targets.body[0].imageId}`);
      expect(refused.body).toMatchObject({ status: 'failed', failureReason: FULL.message });

      expect((await profile(user)).storageUsed).toBe(used);
      expect(await filesOf(user)).toBe(used);
    },
  );

  it(
    'takes no new generation, upload target or picture once the storage is used up',
    { timeout: 60_000 },
    async () => {
      const user = newUser();
      const model = await trainReadyModel(studio, user);
      await studio.running.app.db
        .updateTable('media')
        .set({ stored_bytes: QUOTA_BYTES })
        .where('user_id', '=', await userIdOf(studio, user))
        .execute();
      const generation = await studio.as(user, 'POST', '/api/generate/text-to-image', {
        json: { prompt: 'me at the beach', model_ids: [model] },
      });
      expect(generation.status).toBe(413);
      expect(generation.body).toEqual(FULL);
      const targets = await studio.as(user, 'POST', '/api/media/presigned-urls', {
        json: { files: [{ filename: 'a.png', contentType: 'image/png' }] },
      });
      expect(targets.status).toBe(413);
      expect(targets.body).toEqual(FULL);
      const picture = await studio.as(user, 'POST', '/api/user/profile-picture', {
        json: {
          imageBase64: (await solidPng(20, 20)).toString('base64'),
          contentType: 'image/png',
        },
      });
      expect(picture.status).toBe(413);
      expect(picture.body).toEqual(FULL);
    },
  );
});
