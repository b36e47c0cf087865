import { describe, expect, it } from 'vitest';
import { thumbnailSrcSet } from './thumbnail-src-set';

const urls = { thumbnailUrl: 'https://x/thumbnail', smallThumbnailUrl: 'https://x/small' };

describe('thumbnailSrcSet', () => {
  it('describes each thumbnail by the width it was made at', () => {
    expect(thumbnailSrcSet({ ...urls, width: 4000, height: 3000 })).toBe(
      'https://x/small 256w, https://x/thumbnail 512w',
    );
    // A portrait photo fits its height: the widths are three quarters of the sizes.
    expect(thumbnailSrcSet({ ...urls, width: 3000, height: 4000 })).toBe(
      'https://x/small 192w, https://x/thumbnail 384w',
    );
    // Smaller than the thumbnail: the thumbnail keeps the photo's own width.
    expect(thumbnailSrcSet({ ...urls, width: 384, height: 384 })).toBe(
      'https://x/small 256w, https://x/thumbnail 384w',
    );
  });

  it('offers no choice where there is none', () => {
    expect(thumbnailSrcSet({ thumbnailUrl: urls.thumbnailUrl, width: 800, height: 800 })).toBe(
      undefined,
    );
    expect(thumbnailSrcSet({ ...urls, width: 200, height: 150 })).toBe(undefined);
  });

  it('takes the nominal sizes when the image size is unknown', () => {
    expect(thumbnailSrcSet({ ...urls, width: null, height: null })).toBe(
      'https://x/small 256w, https://x/thumbnail 512w',
    );
  });
});
