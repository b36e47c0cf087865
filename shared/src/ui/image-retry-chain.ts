/**
 * The order in which an image that failed to load is tried again (spec §4 Gallery, §9): first the
 * direct URL, then the fallback URL (each only when given and different), then up to
 * `maxRetries` (2) retries of the main URL with a fresh `refresh` parameter after the owner's
 * cache was invalidated, each after a 1 s spinner; then the broken-image placeholder.
 */

export interface ImageSources {
  src: string;
  directSrc?: string;
  fallbackSrc?: string;
}

export type ImageAttempt =
  | { kind: 'src' }
  | { kind: 'direct' }
  | { kind: 'fallback' }
  /** `retry` counts from 1; `token` makes each retry's URL new to every cache on the way. */
  | { kind: 'refresh'; retry: number; token: string }
  | { kind: 'broken' };

const distinct = (url: string | undefined, ...others: Array<string | undefined>): url is string =>
  !!url && !others.includes(url);

/** What to try after `failed` did not load. */
export function nextImageAttempt(
  failed: ImageAttempt,
  sources: ImageSources,
  maxRetries: number,
  token: string,
): ImageAttempt {
  const { src, directSrc, fallbackSrc } = sources;
  const firstRetry: ImageAttempt =
    maxRetries > 0 ? { kind: 'refresh', retry: 1, token } : { kind: 'broken' };
  switch (failed.kind) {
    case 'src':
      if (distinct(directSrc, src)) return { kind: 'direct' };
      if (distinct(fallbackSrc, src)) return { kind: 'fallback' };
      return firstRetry;
    case 'direct':
      return distinct(fallbackSrc, src, directSrc) ? { kind: 'fallback' } : firstRetry;
    case 'fallback':
      return firstRetry;
    case 'refresh':
      return failed.retry < maxRetries
        ? { kind: 'refresh', retry: failed.retry + 1, token }
        : { kind: 'broken' };
    case 'broken':
      return failed;
  }
}

export function imageAttemptUrl(attempt: ImageAttempt, sources: ImageSources): string {
  switch (attempt.kind) {
    case 'direct':
      return sources.directSrc ?? sources.src;
    case 'fallback':
      return sources.fallbackSrc ?? sources.src;
    case 'refresh':
      return withRefreshParam(sources.src, attempt.token);
    default:
      return sources.src;
  }
}

/**
 * Sets `refresh=<token>` on the URL, keeping its other parameters and its fragment. A URL that
 * cannot take one is returned as it is: the retry then depends on the fresh URL the owner's
 * `onInvalidate` brings.
 */
export function withRefreshParam(url: string, token: string): string {
  // Local object and data URLs take no parameters; a new value would only break them.
  if (/^(blob|data):/i.test(url)) return url;
  // An S3 presigned URL signs its whole query: one more parameter and S3 refuses it (403).
  if (/[?&]X-Amz-Signature=/i.test(url)) return url;
  const hashAt = url.indexOf('#');
  const base = hashAt >= 0 ? url.slice(0, hashAt) : url;
  const hash = hashAt >= 0 ? url.slice(hashAt) : '';
  const withoutOld = base.replace(/([?&])refresh=[^&]*(&|$)/, (_, lead: string, tail: string) =>
    tail ? lead : '',
  );
  const separator = withoutOld.includes('?') ? '&' : '?';
  return `${withoutOld}${separator}refresh=${encodeURIComponent(token)}${hash}`;
}
