import { describe, expect, it } from 'vitest';
import { thumbnailSrcSet } from './thumbnail-src-set';

const urls = {
  thumbnailUrl: 'https://x/thumbnail',
  mediumThumbnailUrl: 'https://x/medium',
  smallThumbnailUrl: 'https://x/small',
};

describe('thumbnailSrcSet', () => {
  it('describes each thumbnail by the width it was made at', () => {
    expect(thumbnailSrcSet({ ...urls, width: 4000, height: 3000 })).toBe(
      'https://x/small 256w, https://x/medium 384w, https://x/thumbnail 512w',
    );
    // A portrait photo fits its height: the widths are three quarters of the sizes.
    expect(thumbnailSrcSet({ ...urls, width: 3000, height: 4000 })).toBe(
      'https://x/small 192w, https://x/medium 288w, https://x/thumbnail 384w',
    );
  });

  it('offers the smaller file where two thumbnails have the same pixels', () => {
    expect(thumbnailSrcSet({ ...urls, width: 384, height: 384 })).toBe(
      'https://x/small 256w, https://x/medium 384w',
    );
    expect(thumbnailSrcSet({ ...urls, width: 300, height: 200 })).toBe(
      'https://x/small 256w, https://x/medium 300w',
    );
  });

  it('offers the thumbnails an older image has', () => {
    const { mediumThumbnailUrl: _medium, ...beforeMedium } = urls;
    expect(thumbnailSrcSet({ ...beforeMedium, width: 4000, height: 3000 })).toBe(
      'https://x/small 256w, https://x/thumbnail 512w',
    );
    const gallery = {
      thumbnailUrl: urls.thumbnailUrl,
      mediumThumbnailUrl: urls.mediumThumbnailUrl,
    };
    expect(thumbnailSrcSet({ ...gallery, width: 1024, height: 1024 })).toBe(
      'https://x/medium 384w, https://x/thumbnail 512w',
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
      'https://x/small 256w, https://x/medium 384w, https://x/thumbnail 512w',
    );
  });
});
