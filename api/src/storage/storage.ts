import type { Readable } from 'node:stream';

/**
 * Bytes to store: a buffer, or a stream with its exact length. S3 needs the length before the
 * first byte to stream one PUT, and every stream we store comes from a file whose size we know.
 */
export type StorageBody = Buffer | { stream: Readable; size: number };

export interface StoredObject {
  size: number;
  contentType: string;
}

/**
 * Where file bytes live. Keys are `/`-separated, made by the server only (never from a client's
 * filename). `LocalStorage` keeps them in the data directory and signs URLs to our own routes;
 * `S3Storage` keeps them in a bucket and presigns S3's own URLs.
 */
export interface Storage {
  put(key: string, body: StorageBody, contentType: string): Promise<void>;
  /** undefined when the key holds nothing. */
  read(key: string): Promise<(StoredObject & { stream: Readable }) | undefined>;
  /** Size and type without the bytes; undefined when the key holds nothing. */
  head(key: string): Promise<StoredObject | undefined>;
  /** Removes one key; a missing key is fine. */
  delete(key: string): Promise<void>;
  /** Removes every key that starts with `prefix` (a "folder"); missing keys are fine. */
  deletePrefix(prefix: string): Promise<void>;
  /** A URL that lets whoever holds it GET the key until it expires. */
  signedGetUrl(key: string, options: SignedUrlOptions): Promise<string>;
  /**
   * A URL that answers HEAD for the key until it expires, for a client that asks whether its
   * cached URLs still work without downloading the bytes. Not the GET URL: S3 signs the method.
   */
  signedHeadUrl(key: string, options: Omit<SignedUrlOptions, 'downloadName'>): Promise<string>;
  /**
   * Present when clients can PUT straight into storage: a URL that accepts one object of exactly
   * `contentType` at `key` until it expires. Absent: uploads go through the API's own target.
   */
  presignedPut?(key: string, contentType: string, expiresInSeconds: number): Promise<string>;
  /** Releases connections held open (the app's onClose); nothing to do for plain files. */
  close?(): void;
}

export interface SignedUrlOptions {
  /** The origin the caller reached the API on; URLs to the API must work from there. */
  origin: string;
  expiresInSeconds: number;
  /** Served as an attachment with this filename. */
  downloadName?: string;
}
