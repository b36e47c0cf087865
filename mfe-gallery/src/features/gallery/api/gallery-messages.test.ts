import { ApiError, ApiTimeoutError } from '@app/shared/api-client';
import { GALLERY_TEXT, KIT_TEXT } from '@app/shared/spec';
import { describe, expect, it } from 'vitest';
import { actionFailedMessage, readFailedMessage } from './gallery-messages';

describe('gallery messages (spec §8)', () => {
  const refused = new ApiError(500, 'Internal Server Error', undefined, undefined);
  const offline = new TypeError('Failed to fetch');

  it('name what failed', () => {
    expect(readFailedMessage('load', refused, false)).toBe('Failed to load gallery');
    expect(readFailedMessage('refresh', refused, true)).toBe('Failed to load images');
    expect(readFailedMessage('more', refused, true)).toBe('Failed to load more images');
    expect(readFailedMessage('more', offline, true)).toBe(GALLERY_TEXT.loadMoreFailed);
  });

  it('point at the connection when nothing answered', () => {
    const text = 'Failed to load images. Please check your connection and try again.';
    expect(readFailedMessage('load', offline, false)).toBe(text);
    expect(readFailedMessage('refresh', new ApiTimeoutError(30_000), true)).toBe(text);
  });

  it('say an action needs the network when offline', () => {
    expect(actionFailedMessage(GALLERY_TEXT.deleteFailed, true)).toBe('Failed to delete image');
    expect(actionFailedMessage(GALLERY_TEXT.downloadFailed, false)).toBe(
      `Failed to download image. ${KIT_TEXT.offline}`,
    );
  });
});
