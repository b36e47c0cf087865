import { promisify } from 'node:util';
import { brotliCompress, constants, deflate, gzip } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyRequest } from 'fastify';

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
 * routes that compress their own answers (answer-cache.ts) and skip its per-answer hooks.
 */
export type Encoding = 'br' | 'gzip' | 'deflate';
const OFFERED: (Encoding | 'identity')[] = ['br', 'gzip', 'deflate', 'identity'];

/** As @fastify/compress reads the header: `*` and `x-gzip` stand for gzip. */
const GZIP_ALIAS = /\*|x-gzip/gu;

/** The encoding @fastify/compress would answer `request` with, or undefined for none. */
export function acceptedEncoding(request: FastifyRequest): Encoding | undefined {
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

/** The bytes @fastify/compress would send (its brotli quality: 4; zlib's defaults otherwise). */
export function compress(text: string, encoding: Encoding): Promise<Buffer> {
  switch (encoding) {
    case 'br':
      return brotli(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } });
    case 'gzip':
      return gzipped(text);
    case 'deflate':
      return deflated(text);
  }
}
