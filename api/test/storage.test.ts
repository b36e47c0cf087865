import { Readable } from 'node:stream';
import { S3Client, HeadObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readAll } from '../src/engines/read-all';
import { isValidKey } from '../src/storage/keys';
import { LocalStorage } from '../src/storage/local-storage';
import { S3Storage } from '../src/storage/s3-storage';
import type { Storage } from '../src/storage/storage';
import { sign, verifySignature } from '../src/storage/url-signature';
import { makeTempDir, removeDir, startApp, type RunningApp } from './helpers';
import type { S3Double } from './support/s3-double';
import { startS3, TEST_BUCKET, TEST_REGION } from './support/s3';

async function text(storage: Storage, key: string): Promise<string | undefined> {
  const file = await storage.read(key);
  return file && (await readAll(file.stream)).toString('utf8');
}

/**
 * `check` with the clock `ms` ahead: only Date is faked, so timers and sockets still run, and a
 * signed URL's expiry is tested without waiting for it. The server runs in this process.
 */
async function later<T>(ms: number, check: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + ms);
  try {
    return await check();
  } finally {
    vi.useRealTimers();
  }
}

/**
 * What every Storage must do, run against the storage the real app builds from its environment:
 * the data directory, and S3 (the double) with a key prefix.
 */
function storageContract(
  name: string,
  start: () => Promise<{ running: RunningApp; stop(): Promise<void> }>,
) {
  describe(`Storage contract: ${name}`, { timeout: 30_000 }, () => {
    let running: RunningApp;
    let stop: () => Promise<void>;
    let storage: Storage;
    beforeAll(async () => {
      ({ running, stop } = await start());
      storage = running.app.storage;
    }, 30_000);
    afterAll(() => stop(), 30_000);

    it('stores buffers and streams of known length, reads and heads them', async () => {
      await storage.put('users/u1/media/m1/web', Buffer.from('abc'), 'image/webp');
      const bytes = Buffer.alloc(300_000, 7);
      await storage.put(
        'users/u1/media/m1/original',
        {
          stream: Readable.from([bytes.subarray(0, 100_000), bytes.subarray(100_000)]),
          size: bytes.length,
        },
        'image/jpeg',
      );
      expect(await storage.head('users/u1/media/m1/web')).toEqual({
        size: 3,
        contentType: 'image/webp',
      });
      const file = await storage.read('users/u1/media/m1/original');
      expect(file).toMatchObject({ size: 300_000, contentType: 'image/jpeg' });
      expect((await readAll(file!.stream)).equals(bytes)).toBe(true);
      expect(await storage.read('users/u1/never')).toBeUndefined();
      expect(await storage.head('users/u1/never')).toBeUndefined();
    });

    it('deletes one key, and a folder without touching its neighbours', async () => {
      await storage.put('users/u2/media/m1/a', Buffer.from('1'), 'text/plain');
      await storage.put('users/u2/media/m1/b', Buffer.from('2'), 'text/plain');
      await storage.put('users/u2/media/m10/a', Buffer.from('3'), 'text/plain');
      await storage.delete('users/u2/media/m1/a');
      await storage.delete('users/u2/media/m1/missing');
      expect(await text(storage, 'users/u2/media/m1/a')).toBeUndefined();
      expect(await text(storage, 'users/u2/media/m1/b')).toBe('2');
      await storage.deletePrefix('users/u2/media/m1/');
      await storage.deletePrefix('users/u2/media/none/');
      expect(await text(storage, 'users/u2/media/m1/b')).toBeUndefined();
      expect(await text(storage, 'users/u2/media/m10/a')).toBe('3');
    });

    it('deletes a folder of more keys than one listing page holds', async () => {
      const keys = Array.from({ length: 1005 }, (_, i) => `users/u3/models/m/${i}`);
      for (let i = 0; i < keys.length; i += 50) {
        await Promise.all(
          keys.slice(i, i + 50).map((key) => storage.put(key, Buffer.from('x'), 'text/plain')),
        );
      }
      await storage.deletePrefix('users/u3/models/m/');
      expect(await storage.head(keys[0]!)).toBeUndefined();
      expect(await storage.head(keys[1004]!)).toBeUndefined();
    });

    it('signs GET URLs that serve the bytes, as an attachment when named', async () => {
      await storage.put('users/u4/media/m1/original', Buffer.from('jpeg bytes'), 'image/jpeg');
      const options = { origin: running.url, expiresInSeconds: 60 };
      const inline = await fetch(await storage.signedGetUrl('users/u4/media/m1/original', options));
      expect(inline.status).toBe(200);
      expect(inline.headers.get('content-type')).toBe('image/jpeg');
      expect(await inline.text()).toBe('jpeg bytes');
      const download = await fetch(
        await storage.signedGetUrl('users/u4/media/m1/original', {
          ...options,
          downloadName: 'Ünïcode "me".jpg',
        }),
      );
      expect(download.headers.get('content-disposition')).toBe(
        `attachment; filename="_n_code _me_.jpg"; filename*=UTF-8''${encodeURIComponent('Ünïcode "me".jpg')}`,
      );
      await download.arrayBuffer();
    });

    it('signs HEAD URLs that answer with the size and type but no bytes, until they expire', async () => {
      await storage.put('users/u5/media/m1/thumbnail', Buffer.from('webp bytes'), 'image/webp');
      const url = await storage.signedHeadUrl('users/u5/media/m1/thumbnail', {
        origin: running.url,
        expiresInSeconds: 60,
      });
      const head = await fetch(url, { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(head.headers.get('content-type')).toBe('image/webp');
      expect(head.headers.get('content-length')).toBe('10');
      expect(await head.text()).toBe('');
      await storage.delete('users/u5/media/m1/thumbnail');
      expect((await fetch(url, { method: 'HEAD' })).ok).toBe(false);

      await storage.put('users/u5/media/m2/thumbnail', Buffer.from('x'), 'image/webp');
      const short = await storage.signedHeadUrl('users/u5/media/m2/thumbnail', {
        origin: running.url,
        expiresInSeconds: 1,
      });
      expect(await later(2_100, async () => (await fetch(short, { method: 'HEAD' })).ok)).toBe(
        false,
      );
    });

    it('accepts only server-made keys', async () => {
      for (const key of ['../escape', '', 'a//b', 'a/../../b']) {
        await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(
          /Invalid storage key/,
        );
      }
      await expect(storage.deletePrefix('/')).rejects.toThrow(/Invalid storage key/);
    });
  });
}

storageContract('local data directory', async () => {
  const dir = await makeTempDir();
  const running = await startApp({ DATA_DIR: dir, SERVE_WEB: 'false' });
  return {
    running,
    async stop() {
      // The signed-URL test's keep-alive socket may not count as idle yet when close() looks
      // (the client has every byte before the server sees its response finish): drop it.
      running.app.server.closeAllConnections();
      await running.app.close();
      await removeDir(dir);
    },
  };
});

let s3: S3Double;
storageContract('S3', async () => {
  const dir = await makeTempDir();
  const started = await startS3('deployments/one');
  s3 = started.s3;
  const running = await startApp({ DATA_DIR: dir, SERVE_WEB: 'false', ...started.env });
  return {
    running,
    async stop() {
      await running.app.close();
      await s3.stop();
      await removeDir(dir);
    },
  };
});

describe('S3 storage specifics', { timeout: 30_000 }, () => {
  let double: S3Double;
  let storage: S3Storage;
  beforeAll(async () => {
    const started = await startS3();
    double = started.s3;
    storage = new S3Storage({
      bucket: TEST_BUCKET,
      region: TEST_REGION,
      endpoint: double.endpoint,
      forcePathStyle: true,
      prefix: 'p/',
    });
  });
  afterAll(async () => {
    storage.close();
    await double.stop();
  });

  it('keeps every key under the configured prefix', async () => {
    await storage.put('users/u/media/m/web', Buffer.from('x'), 'image/webp');
    expect([...double.objects.keys()]).toContain('p/users/u/media/m/web');
  });

  it('presigns a PUT bound to its content type, refused once tampered with or expired', async () => {
    const url = await storage.presignedPut('incoming/u/m1', 'image/png', 900);
    const wrongType = await fetch(url, {
      method: 'PUT',
      headers: { 'content-type': 'image/jpeg' },
      body: 'x',
    });
    expect(wrongType.status).toBe(403);
    expect(await wrongType.text()).toContain('SignatureDoesNotMatch');
    const longer = new URL(url);
    longer.searchParams.set('X-Amz-Expires', '86400');
    const otherKey = new URL(url.replace('/m1?', '/m2?'));
    for (const tampered of [longer, otherKey]) {
      const response = await fetch(tampered, {
        method: 'PUT',
        headers: { 'content-type': 'image/png' },
        body: 'x',
      });
      expect(response.status).toBe(403);
    }
    const ok = await fetch(url, {
      method: 'PUT',
      headers: { 'content-type': 'image/png' },
      body: 'png',
    });
    expect(ok.status).toBe(200);
    expect(await storage.head('incoming/u/m1')).toEqual({ size: 3, contentType: 'image/png' });

    const short = await storage.presignedPut('incoming/u/m3', 'image/png', 1);
    const expired = await later(2_100, () =>
      fetch(short, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: 'x' }),
    );
    expect(expired.status).toBe(403);
    expect(await expired.text()).toContain('Request has expired');
    expect(await storage.head('incoming/u/m3')).toBeUndefined();
  });

  it('signs GET URLs that refuse HEAD, which is why HEAD URLs are signed on their own', async () => {
    await storage.put('users/u/media/h/thumbnail', Buffer.from('thumb'), 'image/webp');
    const options = { origin: 'unused', expiresInSeconds: 60 };
    const get = await storage.signedGetUrl('users/u/media/h/thumbnail', options);
    expect((await fetch(get, { method: 'HEAD' })).status).toBe(403);
    const head = await storage.signedHeadUrl('users/u/media/h/thumbnail', options);
    expect((await fetch(head, { method: 'HEAD' })).status).toBe(200);
    // And the HEAD URL is no way to read the bytes.
    expect((await fetch(head)).status).toBe(403);
  });

  it('signs GET URLs that cannot be moved to another key', async () => {
    await storage.put('users/u/media/m/original', Buffer.from('secret'), 'image/jpeg');
    const url = await storage.signedGetUrl('users/u/media/m/original', {
      origin: 'unused',
      expiresInSeconds: 60,
    });
    const moved = await fetch(url.replace('/original?', '/web?'));
    expect(moved.status).toBe(403);
    const unsigned = await fetch(url.split('?')[0]!);
    expect(unsigned.status).toBe(403);
  });

  it('is refused with credentials S3 does not know', async () => {
    const stranger = new S3Client({
      region: TEST_REGION,
      endpoint: double.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: 'AKIASTUDIOTEST000001', secretAccessKey: 'wrong' },
    });
    await expect(
      stranger.send(new HeadObjectCommand({ Bucket: TEST_BUCKET, Key: 'p/users/u/media/m/web' })),
    ).rejects.toMatchObject({ $metadata: { httpStatusCode: 403 } });
    stranger.destroy();
  });
});

describe('LocalStorage keys', () => {
  it('accepts only server-made keys, never a way out of its folder', async () => {
    for (const key of [
      '../x',
      'a/../../x',
      '/etc/passwd',
      'a//b',
      '',
      'a/b/',
      '.hidden/../x',
      'a\\b',
    ]) {
      expect({ key, valid: isValidKey(key) }).toEqual({ key, valid: false });
    }
    expect(isValidKey('users/1f0c/media/ab-12/original')).toBe(true);
    const dir = await makeTempDir();
    await expect(
      new LocalStorage(dir, 'k'.repeat(32)).put('../escape', Buffer.from('x'), 'text/plain'),
    ).rejects.toThrow(/Invalid storage key/);
    await removeDir(dir);
  });
});

describe('URL signatures', () => {
  const secret = 's'.repeat(32);
  const now = 1_000_000;

  it('bind method, path and expiry', () => {
    const signature = sign(secret, 'GET', '/api/files/a', now + 60);
    expect(verifySignature(secret, 'GET', '/api/files/a', now + 60, signature, now)).toBe(true);
    expect(verifySignature(secret, 'PUT', '/api/files/a', now + 60, signature, now)).toBe(false);
    expect(verifySignature(secret, 'GET', '/api/files/b', now + 60, signature, now)).toBe(false);
    expect(verifySignature(secret, 'GET', '/api/files/a', now + 61, signature, now)).toBe(false);
    expect(verifySignature('x'.repeat(32), 'GET', '/api/files/a', now + 60, signature, now)).toBe(
      false,
    );
    expect(verifySignature(secret, 'GET', '/api/files/a', now + 60, signature, now + 61)).toBe(
      false,
    );
    expect(verifySignature(secret, 'GET', '/api/files/a', Number.NaN, signature, now)).toBe(false);
  });
});
