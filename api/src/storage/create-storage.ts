import { LocalStorage } from './local-storage';
import { S3Storage, type S3StorageOptions } from './s3-storage';
import type { Storage } from './storage';

/** S3 when a bucket is configured, else the data directory: the same code paths use either. */
export function createStorage(
  dataDir: string,
  urlSigningSecret: string,
  s3: S3StorageOptions | undefined,
): Storage {
  return s3 ? new S3Storage(s3) : new LocalStorage(dataDir, urlSigningSecret);
}
