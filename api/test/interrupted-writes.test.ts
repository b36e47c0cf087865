import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { LocalStorage } from '../src/storage/local-storage';
import { makeTempDir, removeDir, startApp } from './helpers';

const HOUR_MS = 60 * 60 * 1000;
const dirs: string[] = [];

async function dataDir(): Promise<string> {
  const dir = await makeTempDir();
  dirs.push(dir);
  return dir;
}

afterEach(async () => {
  for (const dir of dirs.splice(0)) await removeDir(dir);
});

/** What a process that died while writing leaves: a temporary file last written `ageMs` ago. */
async function leftBehind(dir: string, name: string, ageMs: number): Promise<void> {
  const tempDir = join(dir, 'files', '.tmp');
  await mkdir(tempDir, { recursive: true });
  await writeFile(join(tempDir, name), 'half a photo');
  const when = new Date(Date.now() - ageMs);
  await utimes(join(tempDir, name), when, when);
}

const temporaryFiles = (dir: string) => readdir(join(dir, 'files', '.tmp'));

describe('writes a crash interrupted', () => {
  it('leave their temporary files in one folder outside the keys, swept once an hour old', async () => {
    const dir = await dataDir();
    const storage = new LocalStorage(dir, 'k'.repeat(32));
    await storage.put('users/u1/media/m1/original', Buffer.from('kept'), 'image/jpeg');
    await leftBehind(dir, 'old', HOUR_MS + 60_000);
    await leftBehind(dir, 'recent', 60_000);

    await storage.sweepTemporaryFiles();
    expect(await temporaryFiles(dir)).toEqual(['recent']);
    expect((await storage.head('users/u1/media/m1/original'))?.size).toBe(4);
    // Deleting a user's folder never reaches the writes of others.
    await storage.deletePrefix('users/u1/');
    expect(await temporaryFiles(dir)).toEqual(['recent']);
  });

  it('leave nothing behind when the write fails in the process', async () => {
    const dir = await dataDir();
    const storage = new LocalStorage(dir, 'k'.repeat(32));
    const failing = new Readable({
      read() {
        this.destroy(new Error('client went away'));
      },
    });
    await expect(
      storage.put('users/u1/media/m1/original', { stream: failing, size: 10 }, 'image/jpeg'),
    ).rejects.toThrow('client went away');
    expect(await temporaryFiles(dir)).toEqual([]);
    expect(await storage.head('users/u1/media/m1/original')).toBeUndefined();
  });

  it('are swept when the app starts', async () => {
    const dir = await dataDir();
    await leftBehind(dir, 'from-the-last-run', 2 * HOUR_MS);
    const running = await startApp({ DATA_DIR: dir, SERVE_WEB: 'false' });
    try {
      await expect.poll(() => temporaryFiles(dir)).toEqual([]);
    } finally {
      await running.app.close();
    }
  });
});
