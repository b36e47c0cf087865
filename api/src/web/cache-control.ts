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

export function setCacheHeaders(response: SetHeadersResponse, filePath: string): void {
  response.setHeader('cache-control', cacheControlFor(filePath));
}
