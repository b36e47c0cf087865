import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import type { Database } from '../src/db/schema';
import { processImage, type ProcessedImage } from '../src/media/pipeline';
import { TempFiles } from '../src/media/temp-files';
import { MediaService } from '../src/services/media';
import { LocalStorage } from '../src/storage/local-storage';
import type { StorageBody } from '../src/storage/storage';
import { makeTempDir, removeDir } from './helpers';

/**
 * Local files whose put of one key fails, as a full disk or a dropped bucket connection does. It
 * fails last, once the image's other files are written, so they are there to be cleaned up.
 */
class StorageFailingOn extends LocalStorage {
  private stored = 0;
  private othersStored = () => undefined as void;
  private readonly othersDone = new Promise<void>((resolve) => (this.othersStored = resolve));

  constructor(
    dataDir: string,
    private readonly failing: string,
    private readonly others: number,
  ) {
    super(dataDir, 'test-secret');
  }

  override async put(key: string, body: StorageBody, contentType: string): Promise<void> {
    if (key.endsWith(`/${this.failing}`)) {
      await this.othersDone;
      throw new Error('No space left on device');
    }
    await super.put(key, body, contentType);
    this.stored += 1;
    if (this.stored === this.others) this.othersStored();
  }
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
}

async function generatedImage(): Promise<ProcessedImage> {
  const png = await sharp({
    create: { width: 64, height: 48, channels: 3, background: '#c05028' },
  })
    .png()
    .toBuffer();
  return processImage(png, {
    maxBytes: 1 << 24,
    tooLargeMessage: 'too large',
    allowedTypes: ['png'],
    typeMessage: 'not a png',
  });
}

const fields = { type: 'generated', filename: 'generate-1a2b3c4d.png' } as const;

/**
 * An image's files are written before its row: when either fails, the files go too, since no row
 * would ever lead a deletion to them.
 */
describe('storing an image that cannot be kept', () => {
  let dir: string;
  let db: Kysely<Database>;
  const userId = 'user-1';
  const userFiles = () => filesUnder(join(dir, 'files', 'users', userId));
  const mediaService = (storage: LocalStorage) =>
    // A generated image asks neither the quota nor the job queue.
    new MediaService(db, storage, new TempFiles(dir), undefined as never, undefined as never);

  beforeEach(async () => {
    dir = await makeTempDir();
    db = openDatabase({ kind: 'sqlite', file: join(dir, 'studio.sqlite') });
    await migrateToLatest(db, 'sqlite');
  });
  afterEach(async () => {
    await db.destroy();
    await removeDir(dir);
  });

  it('leaves no files when its row cannot be written (the user was deleted meanwhile)', async () => {
    const media = mediaService(new LocalStorage(dir, 'test-secret'));
    await expect(media.create(userId, await generatedImage(), fields)).rejects.toThrow(
      /FOREIGN KEY/,
    );
    expect(await userFiles()).toEqual([]);
  });

  it('leaves no files and no row when one of its files cannot be stored', async () => {
    const now = new Date().toISOString();
    await db
      .insertInto('users')
      .values({ id: userId, identity_sub: userId, email: '', created_at: now, updated_at: now })
      .execute();
    const media = mediaService(new StorageFailingOn(dir, 'thumbnail-small', 4));
    await expect(media.create(userId, await generatedImage(), fields)).rejects.toThrow(
      'No space left on device',
    );
    expect(await userFiles()).toEqual([]);
    expect(await db.selectFrom('media').select('id').execute()).toEqual([]);

    // The same storage keeps an image whose files all fit.
    const kept = await mediaService(new LocalStorage(dir, 'test-secret')).create(
      userId,
      await generatedImage(),
      fields,
    );
    expect((await userFiles()).length).toBeGreaterThan(0);
    expect(await db.selectFrom('media').select('id').execute()).toEqual([{ id: kept.id }]);
  });
});
