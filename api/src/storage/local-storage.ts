import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { sweepStale } from '../media/temp-files';
import { API_PREFIX } from '../paths';
import { isValidKey } from './keys';
import type { SignedUrlOptions, Storage, StorageBody, StoredObject } from './storage';
import { sign } from './url-signature';

export const FILES_PATH = `${API_PREFIX}/files/`;

/** Files under `<DATA_DIR>/files`, each with a `.type` sidecar holding its content type. */
export class LocalStorage implements Storage {
  private readonly root: string;
  /**
   * Where a write lands before its rename, in the same file system. Never a key's folder (no key
   * segment starts with `.`), so what a process that died mid-write left here is found without
   * walking the store.
   */
  private readonly tempDir: string;

  constructor(
    dataDir: string,
    private readonly secret: string,
  ) {
    this.root = resolve(dataDir, 'files');
    this.tempDir = join(this.root, '.tmp');
  }

  private path(key: string): string {
    if (!isValidKey(key)) throw new Error(`Invalid storage key: ${key}`);
    const path = join(this.root, key);
    if (!path.startsWith(this.root + sep)) throw new Error(`Invalid storage key: ${key}`);
    return path;
  }

  async put(key: string, body: StorageBody, contentType: string): Promise<void> {
    const path = this.path(key);
    await Promise.all([
      mkdir(dirname(path), { recursive: true }),
      mkdir(this.tempDir, { recursive: true }),
    ]);
    // Write then rename: a reader never sees half a file.
    const temp = join(this.tempDir, randomUUID());
    try {
      if (Buffer.isBuffer(body)) await writeFile(temp, body);
      else await pipeline(body.stream, createWriteStream(temp));
      await writeFile(`${path}.type`, contentType);
      await rename(temp, path);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  /** Removes the writes a crashed process left before their rename (at start). */
  sweepTemporaryFiles(): Promise<void> {
    return sweepStale(this.tempDir);
  }

  async head(key: string): Promise<StoredObject | undefined> {
    const path = this.path(key);
    try {
      const [info, contentType] = await Promise.all([stat(path), readFile(`${path}.type`, 'utf8')]);
      return info.isFile() ? { size: info.size, contentType } : undefined;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async read(key: string) {
    const found = await this.head(key);
    return found && { ...found, stream: createReadStream(this.path(key)) };
  }

  async delete(key: string): Promise<void> {
    const path = this.path(key);
    await rm(path, { force: true });
    await rm(`${path}.type`, { force: true });
  }

  async deletePrefix(prefix: string): Promise<void> {
    await rm(this.path(prefix.replace(/\/+$/, '')), { recursive: true, force: true });
  }

  async signedGetUrl(
    key: string,
    { origin, expiresInSeconds, downloadName }: SignedUrlOptions,
  ): Promise<string> {
    const path = `${FILES_PATH}${key}`;
    const expires = Math.floor(Date.now() / 1000) + expiresInSeconds;
    const query = new URLSearchParams({
      expires: String(expires),
      signature: sign(this.secret, 'GET', path, expires),
    });
    if (downloadName) query.set('download', downloadName);
    return `${origin}${path}?${query}`;
  }

  /** The file route answers HEAD as well as GET (Fastify's HEAD of a GET route), so one URL. */
  signedHeadUrl(key: string, options: Omit<SignedUrlOptions, 'downloadName'>): Promise<string> {
    return this.signedGetUrl(key, options);
  }
}
