import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32 } from 'node:zlib';

/**
 * A stand-in for Amazon S3 (this machine cannot reach AWS) that the real @aws-sdk/client-s3
 * talks to over HTTP, path-style. It implements the documented subset the api uses - PutObject
 * (also by presigned URL), GetObject (with response-content-disposition), HeadObject,
 * DeleteObject, DeleteObjects, ListObjectsV2 - and authenticates every request as S3 does:
 * Signature Version 4 in the Authorization header or in a presigned query, with the expiry of a
 * presigned URL and the clock skew of a signed request enforced.
 * https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-authenticating-requests.html
 * s3rver (npm) was tried first: it accepts any signature, so it cannot show that ours are right.
 */

interface StoredObject {
  body: Buffer;
  contentType: string;
  etag: string;
  lastModified: Date;
}

interface S3DoubleOptions {
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

const MAX_SKEW_MS = 15 * 60 * 1000;
const MAX_PRESIGNED_SECONDS = 7 * 24 * 60 * 60;
const LIST_PAGE_MAX = 1000;

class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** RFC 3986 encoding as SigV4 wants it: everything but A-Z a-z 0-9 - _ . ~ is %XX. */
function uriEncode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

function xmlEscape(value: string): string {
  return value.replace(
    /[<>&'"]/g,
    (char) =>
      ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[char] ?? char,
  );
}

function xmlUnescape(value: string): string {
  return value
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) =>
  createHmac('sha256', key).update(data).digest();

/** `20130524T000000Z` */
function parseAmzDate(value: string | undefined): Date | undefined {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value ?? '');
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s] = match.map(Number) as number[];
  return new Date(Date.UTC(y!, mo! - 1, d!, h!, mi!, s!));
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

interface Authorization {
  accessKeyId: string;
  scope: string;
  scopeDate: string;
  scopeRegion: string;
  signedHeaders: string[];
  signature: string;
  amzDate: string;
  payloadHash: string;
  presigned: boolean;
  expiresSeconds?: number;
}

function parseCredential(credential: string) {
  const [accessKeyId = '', ...scopeParts] = credential.split('/');
  const [scopeDate = '', scopeRegion = '', service, terminator] = scopeParts;
  if (scopeParts.length !== 4 || service !== 's3' || terminator !== 'aws4_request') {
    throw new S3Error(400, 'AuthorizationHeaderMalformed', 'The credential scope is malformed.');
  }
  return { accessKeyId, scope: scopeParts.join('/'), scopeDate, scopeRegion };
}

function readAuthorization(request: IncomingMessage, query: URLSearchParams): Authorization {
  const header = request.headers.authorization;
  if (header) {
    const match =
      /^AWS4-HMAC-SHA256 Credential=([^,\s]+),\s*SignedHeaders=([^,\s]+),\s*Signature=([0-9a-f]{64})$/.exec(
        header,
      );
    if (!match) throw new S3Error(400, 'AuthorizationHeaderMalformed', 'Malformed Authorization.');
    const payloadHash = request.headers['x-amz-content-sha256'];
    if (typeof payloadHash !== 'string') {
      throw new S3Error(400, 'InvalidRequest', 'Missing required header: x-amz-content-sha256.');
    }
    return {
      ...parseCredential(match[1] ?? ''),
      signedHeaders: (match[2] ?? '').split(';'),
      signature: match[3] ?? '',
      amzDate: String(request.headers['x-amz-date'] ?? ''),
      payloadHash,
      presigned: false,
    };
  }
  if (query.get('X-Amz-Algorithm') === 'AWS4-HMAC-SHA256') {
    return {
      ...parseCredential(query.get('X-Amz-Credential') ?? ''),
      signedHeaders: (query.get('X-Amz-SignedHeaders') ?? '').split(';'),
      signature: query.get('X-Amz-Signature') ?? '',
      amzDate: query.get('X-Amz-Date') ?? '',
      payloadHash: 'UNSIGNED-PAYLOAD',
      presigned: true,
      expiresSeconds: Number(query.get('X-Amz-Expires')),
    };
  }
  throw new S3Error(403, 'AccessDenied', 'Anonymous access is not allowed.');
}

function canonicalQuery(query: URLSearchParams, presigned: boolean): string {
  return [...query.entries()]
    .filter(([name]) => !(presigned && name === 'X-Amz-Signature'))
    .map(([name, value]) => [uriEncode(name), uriEncode(value)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

export class S3Double {
  /** Bucket keys to objects; what a test inspects to see what the api left behind. */
  readonly objects = new Map<string, StoredObject>();
  /** `METHOD key` of every authenticated request, in order. */
  readonly requests: string[] = [];
  private server: Server | undefined;
  endpoint = '';

  constructor(readonly options: S3DoubleOptions) {}

  async start(): Promise<this> {
    this.server = createServer((request, response) => {
      this.handle(request, response).catch((error: unknown) => {
        const s3 =
          error instanceof S3Error
            ? error
            : new S3Error(500, 'InternalError', error instanceof Error ? error.message : '');
        this.sendError(request, response, s3);
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    this.endpoint = `http://127.0.0.1:${port}`;
    return this;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }

  private sendError(request: IncomingMessage, response: ServerResponse, error: S3Error): void {
    if (response.headersSent) {
      response.destroy();
      return;
    }
    response.statusCode = error.status;
    // A HEAD response has no body: clients see the status only (the SDK names a 404 NotFound).
    if (request.method === 'HEAD') {
      response.end();
      return;
    }
    response.setHeader('content-type', 'application/xml');
    response.end(
      `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${error.code}</Code><Message>${xmlEscape(error.message)}</Message></Error>`,
    );
  }

  private authenticate(
    request: IncomingMessage,
    url: URL,
    body: Buffer,
    auth: Authorization,
  ): void {
    const { accessKeyId, secretAccessKey, region } = this.options;
    if (auth.accessKeyId !== accessKeyId) {
      throw new S3Error(403, 'InvalidAccessKeyId', 'The AWS Access Key Id does not exist.');
    }
    if (auth.scopeRegion !== region) {
      throw new S3Error(400, 'AuthorizationHeaderMalformed', `The region must be ${region}.`);
    }
    const signedAt = parseAmzDate(auth.amzDate);
    if (!signedAt || auth.amzDate.slice(0, 8) !== auth.scopeDate) {
      throw new S3Error(403, 'AccessDenied', 'X-Amz-Date is missing or does not match the scope.');
    }
    if (!auth.signedHeaders.includes('host')) {
      throw new S3Error(403, 'AccessDenied', 'The host header must be signed.');
    }
    const now = Date.now();
    if (auth.presigned) {
      const seconds = auth.expiresSeconds ?? Number.NaN;
      if (!Number.isInteger(seconds) || seconds < 1 || seconds > MAX_PRESIGNED_SECONDS) {
        throw new S3Error(400, 'AuthorizationQueryParametersError', 'X-Amz-Expires is invalid.');
      }
      if (now > signedAt.getTime() + seconds * 1000) {
        throw new S3Error(403, 'AccessDenied', 'Request has expired');
      }
    } else if (Math.abs(now - signedAt.getTime()) > MAX_SKEW_MS) {
      throw new S3Error(403, 'RequestTimeTooSkewed', 'The difference between times is too large.');
    }

    const path = url.pathname
      .split('/')
      .map((segment) => uriEncode(decodeURIComponent(segment)))
      .join('/');
    const headers = auth.signedHeaders.map((name) => {
      const value = request.headers[name];
      if (value === undefined) throw new S3Error(403, 'AccessDenied', `Signed ${name} is missing.`);
      const text = Array.isArray(value) ? value.join(',') : value;
      return `${name}:${text.trim().replace(/\s+/g, ' ')}\n`;
    });
    const canonicalRequest = [
      request.method,
      path,
      canonicalQuery(url.searchParams, auth.presigned),
      headers.join(''),
      auth.signedHeaders.join(';'),
      auth.payloadHash,
    ].join('\n');
    const stringToSign = [
      'AWS4-HMAC-SHA256',
      auth.amzDate,
      auth.scope,
      sha256Hex(canonicalRequest),
    ].join('\n');
    const key = ['s3', 'aws4_request'].reduce(
      (derived, part) => hmac(derived, part),
      hmac(hmac(`AWS4${secretAccessKey}`, auth.scopeDate), auth.scopeRegion),
    );
    const expected = Buffer.from(hmac(key, stringToSign).toString('hex'));
    const given = Buffer.from(auth.signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new S3Error(403, 'SignatureDoesNotMatch', 'The request signature does not match.');
    }

    if (auth.payloadHash.startsWith('STREAMING-')) {
      throw new S3Error(501, 'NotImplemented', 'aws-chunked bodies are not implemented here.');
    }
    if (auth.payloadHash !== 'UNSIGNED-PAYLOAD' && auth.payloadHash !== sha256Hex(body)) {
      throw new S3Error(400, 'XAmzContentSHA256Mismatch', 'The body does not match its hash.');
    }
    const checksum = request.headers['x-amz-checksum-crc32'];
    if (typeof checksum === 'string') {
      const actual = Buffer.alloc(4);
      actual.writeUInt32BE(crc32(body));
      if (actual.toString('base64') !== checksum) {
        throw new S3Error(400, 'BadDigest', 'The CRC32 checksum does not match the body.');
      }
    }
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://s3.test');
    const body = await readBody(request);
    this.authenticate(request, url, body, readAuthorization(request, url.searchParams));

    const [, bucket = '', ...keyParts] = url.pathname.split('/');
    if (decodeURIComponent(bucket) !== this.options.bucket) {
      throw new S3Error(404, 'NoSuchBucket', 'The specified bucket does not exist.');
    }
    const key = keyParts.map(decodeURIComponent).join('/');
    const query = url.searchParams;
    this.requests.push(`${request.method} ${key}`);

    if (key === '') {
      if (request.method === 'GET' && query.get('list-type') === '2') {
        return this.list(query, response);
      }
      if (request.method === 'POST' && query.has('delete')) {
        return this.deleteObjects(request, body, response);
      }
      throw new S3Error(501, 'NotImplemented', `${request.method} on the bucket`);
    }
    if (request.method === 'PUT') {
      if (request.headers['x-amz-copy-source'] || query.has('uploadId')) {
        throw new S3Error(501, 'NotImplemented', 'copies and multipart uploads');
      }
      const etag = `"${createHash('md5').update(body).digest('hex')}"`;
      this.objects.set(key, {
        body,
        contentType: request.headers['content-type'] ?? 'binary/octet-stream',
        etag,
        lastModified: new Date(),
      });
      response.setHeader('etag', etag);
      response.end();
      return;
    }
    if (request.method === 'DELETE') {
      this.objects.delete(key);
      response.statusCode = 204;
      response.end();
      return;
    }
    if (request.method === 'GET' || request.method === 'HEAD') {
      const object = this.objects.get(key);
      if (!object) throw new S3Error(404, 'NoSuchKey', 'The specified key does not exist.');
      response.setHeader('content-type', query.get('response-content-type') ?? object.contentType);
      response.setHeader('content-length', object.body.length);
      response.setHeader('etag', object.etag);
      response.setHeader('last-modified', object.lastModified.toUTCString());
      const disposition = query.get('response-content-disposition');
      if (disposition) response.setHeader('content-disposition', disposition);
      response.end(request.method === 'GET' ? object.body : undefined);
      return;
    }
    throw new S3Error(405, 'MethodNotAllowed', `${request.method} on an object`);
  }

  private list(query: URLSearchParams, response: ServerResponse): void {
    const prefix = query.get('prefix') ?? '';
    const maxKeys = Math.min(Number(query.get('max-keys') ?? LIST_PAGE_MAX), LIST_PAGE_MAX);
    const token = query.get('continuation-token');
    const after = token ? Buffer.from(token, 'base64url').toString('utf8') : '';
    const keys = [...this.objects.keys()]
      .filter((key) => key.startsWith(prefix) && key > after)
      .sort();
    const page = keys.slice(0, maxKeys);
    const truncated = keys.length > page.length;
    const contents = page
      .map((key) => {
        const object = this.objects.get(key);
        return `<Contents><Key>${xmlEscape(key)}</Key><LastModified>${object?.lastModified.toISOString()}</LastModified><ETag>${xmlEscape(object?.etag ?? '')}</ETag><Size>${object?.body.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`;
      })
      .join('');
    const next = truncated
      ? `<NextContinuationToken>${Buffer.from(page.at(-1) ?? '').toString('base64url')}</NextContinuationToken>`
      : '';
    response.setHeader('content-type', 'application/xml');
    response.end(
      `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><Name>${this.options.bucket}</Name><Prefix>${xmlEscape(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${maxKeys}</MaxKeys><IsTruncated>${truncated}</IsTruncated>${contents}${next}</ListBucketResult>`,
    );
  }

  private deleteObjects(request: IncomingMessage, body: Buffer, response: ServerResponse): void {
    // S3 requires an integrity check on this call: Content-MD5 or an x-amz-checksum-* header.
    if (!request.headers['content-md5'] && !request.headers['x-amz-checksum-crc32']) {
      throw new S3Error(400, 'InvalidRequest', 'Missing required Content-MD5 or checksum.');
    }
    const xml = body.toString('utf8');
    const keys = [...xml.matchAll(/<Key>([^<]*)<\/Key>/g)].map((match) => xmlUnescape(match[1]!));
    if (keys.length > LIST_PAGE_MAX) throw new S3Error(400, 'MalformedXML', 'Too many keys.');
    for (const key of keys) this.objects.delete(key);
    const quiet = /<Quiet>true<\/Quiet>/.test(xml);
    const deleted = quiet
      ? ''
      : keys.map((key) => `<Deleted><Key>${xmlEscape(key)}</Key></Deleted>`).join('');
    response.setHeader('content-type', 'application/xml');
    response.end(`<?xml version="1.0" encoding="UTF-8"?><DeleteResult>${deleted}</DeleteResult>`);
  }
}
