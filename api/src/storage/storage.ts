import type { Readable } from 'node:stream';

/**
 * Where file bytes live. Keys are `/`-separated, made by the server only (never from a client's
 * filename). The data directory implements it now; an S3 implementation presigns its own URLs.
 */
export interface Storage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** undefined when the key holds nothing. */
  read(key: string): Promise<{ stream: Readable; size: number; contentType: string } | undefined>;
  /** Removes every key that starts with `prefix` (a "folder"); missing keys are fine. */
  deletePrefix(prefix: string): Promise<void>;
  /** A URL that lets whoever holds it GET the key until it expires. */
  signedGetUrl(key: string, options: SignedUrlOptions): string;
}

export interface SignedUrlOptions {
  /** The origin the caller reached the API on; URLs must work from there. */
  origin: string;
  expiresInSeconds: number;
  /** Served as an attachment with this filename. */
  downloadName?: string;
}
