import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { attachmentHeader } from './content-disposition';
import { isValidKey } from './keys';
import type { SignedUrlOptions, Storage, StorageBody, StoredObject } from './storage';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** An S3-compatible service (MinIO, R2, ...); undefined: Amazon S3. */
  endpoint: string | undefined;
  /** `<endpoint>/<bucket>/<key>` instead of `<bucket>.<endpoint>/<key>` (MinIO needs it). */
  forcePathStyle: boolean;
  /** Put before every key, so several deployments can share one bucket; '' or ending in '/'. */
  prefix: string;
}

/** DeleteObjects takes at most 1000 keys, ListObjectsV2 returns at most 1000. */
const DELETE_BATCH = 1000;

function isNotFound(error: unknown): boolean {
  return error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404;
}

/**
 * Objects in one bucket, through the AWS SDK. Credentials come from the SDK's default chain
 * (environment, shared profile, container or instance role): the api never holds its own.
 * URLs are S3's own presigned URLs, so image bytes never pass through the api.
 */
export class S3Storage implements Storage {
  private readonly client: S3Client;

  constructor(private readonly options: S3StorageOptions) {
    this.client = new S3Client({
      region: options.region,
      forcePathStyle: options.forcePathStyle,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      // Since 3.729 the SDK adds CRC32 checksums to every upload it can: S3-compatible stores
      // that predate them refuse the request, and a presigned PUT would carry the checksum of
      // an empty body. Only the calls S3 requires a checksum on (DeleteObjects) get one.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  private objectKey(key: string): string {
    if (!isValidKey(key)) throw new Error(`Invalid storage key: ${key}`);
    return `${this.options.prefix}${key}`;
  }

  async put(key: string, body: StorageBody, contentType: string): Promise<void> {
    const [data, size] = Buffer.isBuffer(body) ? [body, body.length] : [body.stream, body.size];
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.options.bucket,
        Key: this.objectKey(key),
        Body: data,
        ContentLength: size,
        ContentType: contentType,
      }),
    );
  }

  async head(key: string): Promise<StoredObject | undefined> {
    try {
      const head = await this.client.send(
        new HeadObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key) }),
      );
      return {
        size: head.ContentLength ?? 0,
        contentType: head.ContentType ?? 'application/octet-stream',
      };
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  async read(key: string) {
    try {
      const object = await this.client.send(
        new GetObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key) }),
      );
      if (!(object.Body instanceof Readable)) throw new Error(`S3 sent no body for ${key}`);
      return {
        stream: object.Body,
        size: object.ContentLength ?? 0,
        contentType: object.ContentType ?? 'application/octet-stream',
      };
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(
      new DeleteObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key) }),
    );
  }

  /** Page by page: list up to 1000 keys, delete them in one call, until none are left. */
  async deletePrefix(prefix: string): Promise<void> {
    // Validated without its trailing '/': an empty prefix would otherwise empty the bucket.
    const folder = this.objectKey(prefix.replace(/\/+$/, ''));
    const Prefix = prefix.endsWith('/') ? `${folder}/` : folder;
    let ContinuationToken: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.options.bucket,
          Prefix,
          MaxKeys: DELETE_BATCH,
          ContinuationToken,
        }),
      );
      const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : []));
      if (keys.length > 0) {
        const result = await this.client.send(
          new DeleteObjectsCommand({
            Bucket: this.options.bucket,
            Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true },
          }),
        );
        const failed = result.Errors?.[0];
        if (failed) throw new Error(`S3 did not delete ${failed.Key}: ${failed.Code}`);
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  signedGetUrl(key: string, { expiresInSeconds, downloadName }: SignedUrlOptions): Promise<string> {
    const command = new GetObjectCommand({
      Bucket: this.options.bucket,
      Key: this.objectKey(key),
      ...(downloadName ? { ResponseContentDisposition: attachmentHeader(downloadName) } : {}),
    });
    return getSignedUrl(this.client, command, { expiresIn: expiresInSeconds });
  }

  /** A presigned GET refuses HEAD (the method is part of the signature): this one is signed for it. */
  signedHeadUrl(
    key: string,
    { expiresInSeconds }: Omit<SignedUrlOptions, 'downloadName'>,
  ): Promise<string> {
    const command = new HeadObjectCommand({
      Bucket: this.options.bucket,
      Key: this.objectKey(key),
    });
    return getSignedUrl(this.client, command, { expiresIn: expiresInSeconds });
  }

  /** The content type is signed: a PUT with any other Content-Type header is refused by S3. */
  presignedPut(key: string, contentType: string, expiresInSeconds: number): Promise<string> {
    const command = new PutObjectCommand({
      Bucket: this.options.bucket,
      Key: this.objectKey(key),
      ContentType: contentType,
    });
    return getSignedUrl(this.client, command, {
      expiresIn: expiresInSeconds,
      signableHeaders: new Set(['content-type']),
    });
  }

  close(): void {
    this.client.destroy();
  }
}
