import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { FILE_TEXT, MAX_UPLOAD_BYTES } from '@app/shared/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { facePhoto } from './support/images';
import { newUser, startStudio, type Studio } from './support/studio';

const CHUNK = 64 * 1024;

/** A chunked body (no content-length): the server learns its size only by reading it. */
function chunkedBody(
  total: number,
  first: Buffer,
  pauseAfter?: { bytes: number; until: Promise<void> },
): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    async pull(controller) {
      if (sent >= total) {
        controller.close();
        return;
      }
      if (pauseAfter && sent >= pauseAfter.bytes) await pauseAfter.until;
      const size = Math.min(CHUNK, total - sent);
      const chunk = Buffer.alloc(size);
      if (sent < first.length) first.copy(chunk, 0, sent, Math.min(first.length, sent + size));
      sent += size;
      controller.enqueue(chunk);
    },
  });
}

async function filesUnder(dir: string): Promise<{ path: string; size: number }[]> {
  const entries = await readdir(dir, { recursive: true }).catch(() => []);
  const files = [];
  for (const entry of entries) {
    const info = await stat(join(dir, entry)).catch(() => undefined);
    if (info?.isFile()) files.push({ path: entry, size: info.size });
  }
  return files;
}

describe('streamed uploads to the local upload target', { timeout: 30_000 }, () => {
  let studio: Studio;
  let tempDir: string;
  beforeAll(async () => {
    studio = await startStudio({ WRITE_RATE_LIMIT_PER_MINUTE: '10000' });
    tempDir = join(studio.running.config.dataDir, 'tmp');
  }, 30_000);
  afterAll(() => studio.stop());

  async function target(): Promise<string> {
    const targets = await studio.as(newUser(), 'POST', '/api/media/presigned-urls', {
      json: { files: [{ filename: 'a.jpg', contentType: 'image/jpeg' }] },
    });
    return targets.body[0].presignedUrl as string;
  }

  it('answers 413 to one byte past the limit and keeps no temp file', async () => {
    const response = await fetch(await target(), {
      method: 'PUT',
      headers: { 'content-type': 'image/jpeg' },
      body: chunkedBody(MAX_UPLOAD_BYTES + 1, facePhoto()),
      duplex: 'half',
    });
    expect(response.status).toBe(413);
    expect(((await response.json()) as { message: string }).message).toBe(FILE_TEXT.tooLarge);
    expect(await filesUnder(tempDir)).toEqual([]);
  });

  it('refuses a declared length past the limit before reading the body', async () => {
    const response = await fetch(await target(), {
      method: 'PUT',
      headers: { 'content-type': 'image/jpeg' },
      body: Buffer.alloc(MAX_UPLOAD_BYTES + 1),
    });
    expect(response.status).toBe(413);
    expect(await filesUnder(tempDir)).toEqual([]);
  });

  it('writes the body to disk while it arrives instead of collecting it in memory', async () => {
    let resume!: () => void;
    const paused = new Promise<void>((resolve) => (resume = resolve));
    const photo = facePhoto();
    const halfway = 4 * 1024 * 1024;
    const upload = fetch(await target(), {
      method: 'PUT',
      headers: { 'content-type': 'image/jpeg' },
      body: chunkedBody(MAX_UPLOAD_BYTES, photo, { bytes: halfway, until: paused }),
      duplex: 'half',
    });
    // The client holds back the second half: what is on disk now was streamed, not buffered.
    await expect
      .poll(async () => (await filesUnder(tempDir)).reduce((sum, file) => sum + file.size, 0), {
        timeout: 10_000,
      })
      .toBeGreaterThanOrEqual(halfway - CHUNK * 4);
    resume();
    // The photo padded with zeros to the limit is still a JPEG: sharp stops at its end marker.
    const response = await upload;
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ready', contentType: 'image/jpeg' });
    expect(await filesUnder(tempDir)).toEqual([]);
  });
});
