import { describe, expect, it } from 'vitest';
import { croppedFileName } from './crop-image';

// The pixels themselves (a JPEG of the crop's exact size) are checked in real Chromium, which has
// a canvas: e2e/tests/kit.spec.ts, 'crop dialog'.
describe('croppedFileName', () => {
  it('names the crop as the JPEG it is', () => {
    expect(croppedFileName('holiday.PNG')).toBe('holiday.jpg');
    expect(croppedFileName('me.at.home.webp')).toBe('me.at.home.jpg');
    expect(croppedFileName('scan')).toBe('scan.jpg');
    expect(croppedFileName('.png')).toBe('photo.jpg');
  });
});
