import { describe, expect, it } from 'vitest';
import {
  imageAttemptUrl,
  nextImageAttempt,
  withRefreshParam,
  type ImageAttempt,
  type ImageSources,
} from './image-retry-chain';

/** Every URL tried, in order, when each one fails. */
function urlsTried(sources: ImageSources, maxRetries = 2): string[] {
  const urls: string[] = [];
  let attempt: ImageAttempt = { kind: 'src' };
  let token = 0;
  while (attempt.kind !== 'broken') {
    urls.push(imageAttemptUrl(attempt, sources));
    attempt = nextImageAttempt(attempt, sources, maxRetries, `t${++token}`);
  }
  return urls;
}

describe('the image retry chain (spec §4, §9)', () => {
  it('tries the direct URL, the fallback URL, then two refreshes of the URL, then gives up', () => {
    expect(
      urlsTried({
        src: 'https://cdn/x.png?sig=1',
        directSrc: 'https://bucket/x.png',
        fallbackSrc: '/api/image/x',
      }),
    ).toEqual([
      'https://cdn/x.png?sig=1',
      'https://bucket/x.png',
      '/api/image/x',
      'https://cdn/x.png?sig=1&refresh=t3',
      'https://cdn/x.png?sig=1&refresh=t4',
    ]);
  });

  it('skips the addresses it was not given, or that are the same as the one that failed', () => {
    expect(urlsTried({ src: '/a.png' })).toEqual([
      '/a.png',
      '/a.png?refresh=t1',
      '/a.png?refresh=t2',
    ]);
    expect(urlsTried({ src: '/a.png', directSrc: '/a.png', fallbackSrc: '/b.png' })).toEqual([
      '/a.png',
      '/b.png',
      '/a.png?refresh=t2',
      '/a.png?refresh=t3',
    ]);
    expect(urlsTried({ src: '/a.png', fallbackSrc: '/b.png' }, 0)).toEqual(['/a.png', '/b.png']);
  });

  it('replaces an earlier refresh parameter and keeps the rest of the URL', () => {
    expect(withRefreshParam('/i.png?refresh=1&w=2#top', 'x y')).toBe(
      '/i.png?w=2&refresh=x%20y#top',
    );
    expect(withRefreshParam('/i.png?w=2&refresh=1', '3')).toBe('/i.png?w=2&refresh=3');
    expect(withRefreshParam('blob:https://app/123', '3')).toBe('blob:https://app/123');
    const presigned =
      'https://bucket.s3.amazonaws.com/u/t?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Signature=ab12';
    expect(withRefreshParam(presigned, '3')).toBe(presigned);
  });
});
