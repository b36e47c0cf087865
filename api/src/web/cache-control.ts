import { basename } from 'node:path';
import type { SetHeadersResponse } from '@fastify/static';

/** rspack names emitted files `[name].[contenthash:8].ext` (also `.js.map`). */
const CONTENT_HASHED = /\.[0-9a-f]{8,}\.[^/]+$/;

/**
 * A content-hashed file never changes, so browsers may keep it for a year. Everything else —
 * index.html, mf-manifest.json, remoteEntry.js, sw.js, unhashed icons — keeps a stable name across
 * deploys and must be revalidated, or a phone would keep running the previous release.
 */
export function cacheControlFor(filePath: string): string {
  return CONTENT_HASHED.test(basename(filePath))
    ? 'public, max-age=31536000, immutable'
    : 'no-cache';
}

/**
 * Headers of a built file. The build writes a brotli and a gzip copy beside each text file
 * (shared/build/precompress-plugin.ts) and the file server picks one by the request's
 * Accept-Encoding (`preCompressed`, a copy's path ends in `.br`/`.gz`): caches must keep the
 * answers apart.
 */
export function setStaticHeaders(response: SetHeadersResponse, filePath: string): void {
  response.setHeader('cache-control', cacheControlFor(filePath.replace(/\.(br|gz)$/, '')));
  response.setHeader('vary', 'accept-encoding');
}
