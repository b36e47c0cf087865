import { createHash } from 'node:crypto';
import type { AppConfig } from '../config';

/** Executable inline scripts: no `src`, and a JavaScript type (data blocks are never run). */
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
const JAVASCRIPT_TYPE = /^\s*(|text\/javascript|application\/javascript|module)\s*$/i;

/** The CSP sources (`'sha256-…'`) of the page's inline scripts, so exactly these may run. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = '', body = ''] of html.matchAll(INLINE_SCRIPT)) {
    if (/\ssrc\s*=/i.test(` ${attributes}`)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]*)/i.exec(attributes)?.[1] ?? '';
    if (!JAVASCRIPT_TYPE.test(type)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/** The origin of an absolute http(s) URL; nothing for a relative one (it is our own). */
function originOf(url: string | undefined): string[] {
  if (!url || !/^https?:\/\//i.test(url)) return [];
  return [new URL(url).origin];
}

/** Where the browser talks to S3 directly: signed GETs of images and PUTs of uploads. */
function storageOrigins(s3: AppConfig['s3']): string[] {
  if (!s3) return [];
  if (!s3.endpoint) return ['https://*.amazonaws.com'];
  const endpoint = new URL(s3.endpoint);
  // Virtual-hosted addressing puts the bucket in front of the endpoint's host.
  return [endpoint.origin, `${endpoint.protocol}//*.${endpoint.host}`];
}

/** The identity endpoints aws-amplify calls: a user pool elsewhere, the hosted UI's domain. */
function identityOrigins(cognito: AppConfig['cognito']): string[] {
  const pool =
    cognito.userPoolEndpoint === undefined
      ? [`https://cognito-idp.${cognito.region}.amazonaws.com`]
      : originOf(cognito.userPoolEndpoint);
  return [...pool, ...(cognito.oauthDomain ? [`https://${cognito.oauthDomain}`] : [])];
}

/**
 * The Content-Security-Policy of every answer: the backstop against injected script, since the
 * tokens live in browser storage. Scripts come only from this origin, the configured remotes'
 * origins and the shell page's own inline scripts by hash; nothing may frame the pages. Styles
 * may be inline: Fluent UI (Griffel) inserts its rules at run time and components set widths.
 */
export function contentSecurityPolicy(config: AppConfig, scriptHashes: readonly string[]): string {
  const remotes = Object.values(config.remoteManifestUrls).flatMap(originOf);
  const storage = storageOrigins(config.s3);
  const list = (...sources: string[]) => [...new Set(sources)].join(' ');
  const directives = {
    'default-src': list("'self'"),
    'script-src': list("'self'", ...remotes, ...scriptHashes),
    'style-src': list("'self'", "'unsafe-inline'", ...remotes),
    'font-src': list("'self'", 'data:', ...remotes),
    'img-src': list("'self'", 'data:', 'blob:', ...remotes, ...storage),
    // blob: the app reads back what it made itself (a picked or cropped photo, a cached image).
    'connect-src': list(
      "'self'",
      'blob:',
      ...remotes,
      ...originOf(config.publicApiBaseUrl),
      ...identityOrigins(config.cognito),
      ...storage,
    ),
    'worker-src': list("'self'"),
    'manifest-src': list("'self'"),
    'object-src': list("'none'"),
    'base-uri': list("'self'"),
    'form-action': list("'self'"),
    'frame-ancestors': list("'none'"),
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources}`)
    .join('; ');
}
