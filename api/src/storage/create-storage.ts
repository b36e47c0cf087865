import { LocalStorage } from './local-storage';
import type { S3StorageOptions } from './s3-storage';
import type { Storage } from './storage';

/**
 * S3 when a bucket is configured, else the data directory (cleared of the writes a crash
 * interrupted): the same code paths use either. The AWS SDK loads only when it is used (it is a
 * large part of a start otherwise).
 */
export async function createStorage(
  dataDir: string,
  urlSigningSecret: string,
  s3: S3StorageOptions | undefined,
): Promise<Storage> {
  if (!s3) {
    const storage = new LocalStorage(dataDir, urlSigningSecret);
    await storage.sweepTemporaryFiles();
    return storage;
  }
  const { S3Storage } = await import('./s3-storage');
  return new S3Storage(s3);
}
