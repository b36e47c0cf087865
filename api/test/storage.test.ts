import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidKey, LocalStorage } from '../src/storage/local-storage';
import { sign, verifySignature } from '../src/storage/url-signature';
import { makeTempDir, removeDir } from './helpers';

describe('LocalStorage', () => {
  let dir: string;
  let storage: LocalStorage;
  beforeAll(async () => {
    dir = await makeTempDir();
    storage = new LocalStorage(dir, 'k'.repeat(32));
  });
  afterAll(() => removeDir(dir));

  it('stores, reads and deletes by prefix', async () => {
    await storage.put('users/u1/media/m1/web', Buffer.from('abc'), 'image/webp');
    const file = await storage.read('users/u1/media/m1/web');
    expect(file).toMatchObject({ size: 3, contentType: 'image/webp' });
    file?.stream.destroy();
    await storage.deletePrefix('users/u1/media/m1/');
    expect(await storage.read('users/u1/media/m1/web')).toBeUndefined();
    expect(await storage.read('users/u1/never')).toBeUndefined();
  });

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
    await expect(storage.put('../escape', Buffer.from('x'), 'text/plain')).rejects.toThrow(
      /Invalid storage key/,
    );
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
