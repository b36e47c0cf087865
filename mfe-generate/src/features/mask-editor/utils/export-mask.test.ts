import { describe, expect, it } from 'vitest';
import { fitWithin, MAX_MASK_SIDE } from './export-mask';

describe('the size a mask is drawn at', () => {
  it('is the photo’s own size up to the limit', () => {
    expect(fitWithin({ width: 3024, height: 4032 }, MAX_MASK_SIDE)).toEqual({
      width: 3024,
      height: 4032,
    });
    expect(fitWithin({ width: 4096, height: 4096 }, MAX_MASK_SIDE)).toEqual({
      width: 4096,
      height: 4096,
    });
  });

  it('keeps a larger photo’s shape within a canvas every phone browser draws', () => {
    // A 24 MP phone photo, on its side and upright.
    const wide = fitWithin({ width: 5712, height: 4284 }, MAX_MASK_SIDE);
    expect(wide).toEqual({ width: 4096, height: 3072 });
    expect(fitWithin({ width: 4284, height: 5712 }, MAX_MASK_SIDE)).toEqual({
      width: 3072,
      height: 4096,
    });
    expect(wide.width * wide.height).toBeLessThanOrEqual(4096 * 4096);
  });

  it('never rounds a thin photo to nothing', () => {
    expect(fitWithin({ width: 20_000, height: 2 }, 256)).toEqual({ width: 256, height: 1 });
  });
});
