import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaKeys } from '../src/storage/keys';
import { userIdOf } from './support/fixtures';
import { newUser, startStudio, type Studio } from './support/studio';

const IMAGES = 200;
const IMAGE_BYTES = 1024 * 1024;
const MEGABYTE = 1024 * 1024;

/** The entry count of a zip's end-of-central-directory record, found in its last bytes. */
function entryCount(tail: Buffer): number {
  const at = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (at < 0) throw new Error('no end of central directory');
  return tail.readUInt16LE(at + 10);
}

/**
 * The export streams: an account holding twice the allowed growth in images is zipped while the
 * server's resident memory (this process: the api runs in it) grows by less than 100 MB.
 */
describe('GET /user/export memory', { timeout: 120_000 }, () => {
  let studio: Studio;
  const user = newUser('Many Images');

  beforeAll(async () => {
    studio = await startStudio();
    const userId = await userIdOf(studio, user);
    const { app } = studio.running;
    // One buffer, made distinct per image: seeding itself holds one image at a time.
    const bytes = randomBytes(IMAGE_BYTES);
    const created = Date.now();
    for (let index = 0; index < IMAGES; index += 1) {
      const id = randomUUID();
      bytes.writeUInt32LE(index, 0);
      await app.storage.put(mediaKeys(userId, id).original, bytes, 'image/png');
      await app.db
        .insertInto('media')
        .values({
          id,
          user_id: userId,
          type: 'generated',
          status: 'ready',
          filename: `${index}.png`,
          content_type: 'image/png',
          prompt: `image ${index}`,
          bytes: IMAGE_BYTES,
          created_at: new Date(created + index).toISOString(),
        })
        .execute();
    }
  }, 120_000);
  afterAll(() => studio.stop());

  it(`zips ${IMAGES} images of 1 MB within +100 MB of RSS`, async () => {
    const token = await studio.issuer.idToken(user);
    const before = process.memoryUsage.rss();
    let peak = before;
    let total = 0;
    let tail = Buffer.alloc(0);
    const response = await fetch(`${studio.running.url}/api/user/export`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    for await (const chunk of response.body!) {
      total += chunk.length;
      tail = Buffer.concat([tail, chunk]).subarray(-64 * 1024);
      peak = Math.max(peak, process.memoryUsage.rss());
    }
    expect(total).toBeGreaterThan(IMAGES * IMAGE_BYTES);
    expect(entryCount(tail)).toBe(IMAGES + 1);
    expect((peak - before) / MEGABYTE).toBeLessThan(100);
  });
});
