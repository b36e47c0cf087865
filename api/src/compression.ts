import { promisify } from 'node:util';
import { brotliCompress, constants, deflate, gzip } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Bytes from which a (non-stream) answer is compressed; streams always are. */
export const COMPRESSION_THRESHOLD = 16 * 1024;

/**
 * Bytes from which a kept answer (answer-cache.ts) is compressed: its compressed bytes are made
 * once and kept with it, so compressing costs no request anything, and a gallery page of 10
 * (~4–10 KB) reaches a phone in a quarter of the bytes. Below it, the headers compression adds
 * and the bytes it saves are about even.
 */
export const KEPT_COMPRESSION_THRESHOLD = 1024;

/**
 * The encodings @fastify/compress (app.ts) offers on this Node, in its order of preference, for
 * answers that compress themselves (`sendCompressed`: the kept answers, the shell's page) and skip
 * its per-answer hooks.
 */
type Encoding = 'br' | 'gzip' | 'deflate';
const OFFERED: (Encoding | 'identity')[] = ['br', 'gzip', 'deflate', 'identity'];

/** As @fastify/compress reads the header: `*` and `x-gzip` stand for gzip. */
const GZIP_ALIAS = /\*|x-gzip/gu;

/** The encoding @fastify/compress would answer `request` with, or undefined for none. */
function acceptedEncoding(request: FastifyRequest): Encoding | undefined {
  const { headers } = request;
  if (headers['x-no-compression'] !== undefined) return undefined;
  const header = headers['accept-encoding'];
  if (header === undefined) return undefined;
  const chosen = negotiate(header.toLowerCase().replace(GZIP_ALIAS, 'gzip'), OFFERED);
  return chosen === null || chosen === 'identity' ? undefined : chosen;
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
const deflated = promisify(deflate);

/**
 * How hard to compress: as @fastify/compress does at request time (its brotli quality 4, zlib's
 * default level), or as hard as the formats go, for a text compressed once and sent many times
 * (brotli 11 takes ~65 ms for the shell's 65 KB page and saves ~2 KB on every start).
 */
export type CompressionEffort = 'per-request' | 'best';

/** The bytes of `text` in `encoding`. */
function compress(
  text: string,
  encoding: Encoding,
  effort: CompressionEffort = 'per-request',
): Promise<Buffer> {
  const best = effort === 'best';
  switch (encoding) {
    case 'br':
      return brotli(text, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: best ? constants.BROTLI_MAX_QUALITY : 4,
          [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(text),
        },
      });
    case 'gzip':
      return gzipped(text, best ? { level: constants.Z_BEST_COMPRESSION } : {});
    case 'deflate':
      return deflated(text, best ? { level: constants.Z_BEST_COMPRESSION } : {});
  }
}

/**
 * A text and its compressed forms, each made when a client first asks for it and kept with the
 * text: sent again, it is compressed once per encoding, not once per request.
 */
export class CompressedText {
  private readonly encoded = new Map<Encoding, Buffer | Promise<Buffer>>();

  constructor(
    readonly text: string,
    private readonly effort: CompressionEffort = 'per-request',
  ) {}

  /** The bytes in `encoding`: at once when made before. */
  encodedAs(encoding: Encoding): Buffer | Promise<Buffer> {
    let bytes = this.encoded.get(encoding);
    if (bytes === undefined) {
      bytes = compress(this.text, encoding, this.effort).then(
        (made) => {
          this.encoded.set(encoding, made);
          return made;
        },
        (error: unknown) => {
          this.encoded.delete(encoding);
          throw error;
        },
      );
      this.encoded.set(encoding, bytes);
    }
    return bytes;
  }
}

/**
 * Sends `text` in the encoding `request` accepts (or as it is), marked as @fastify/compress
 * marks what it compresses; @fastify/compress leaves an answer with a Content-Encoding alone.
 */
export function sendCompressed(
  request: FastifyRequest,
  reply: FastifyReply,
  text: CompressedText,
): FastifyReply | Promise<FastifyReply> {
  const encoding = acceptedEncoding(request);
  if (encoding === undefined) return reply.send(text.text);
  const bytes = text.encodedAs(encoding);
  return Buffer.isBuffer(bytes)
    ? sendEncoded(reply, encoding, bytes)
    : bytes.then((made) => sendEncoded(reply, encoding, made));
}

function sendEncoded(reply: FastifyReply, encoding: Encoding, bytes: Buffer): FastifyReply {
  addVaryAcceptEncoding(reply);
  return reply.header('content-encoding', encoding).send(bytes);
}

/** As @fastify/compress marks a compressed answer, beside any Vary already set. */
function addVaryAcceptEncoding(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  if (vary === undefined) {
    reply.header('vary', 'accept-encoding');
    return;
  }
  const values = (Array.isArray(vary) ? vary : [String(vary)]).map(String);
  if (!values.some((value) => value.includes('accept-encoding'))) {
    reply.header('vary', [...values, 'accept-encoding'].join(', '));
  }
}
