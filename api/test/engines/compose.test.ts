import { ASPECT_RATIOS } from '@app/shared/spec';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { composeImage } from '../../src/engines/cpu/compose';

describe('composeImage', () => {
  it('makes every aspect ratio of the spec with a short side of 512 px', async () => {
    const face = { data: new Uint8Array(64 * 64 * 3).fill(128), width: 64, height: 64 };
    for (const { value } of ASPECT_RATIOS) {
      const { width = 0, height = 0 } = await sharp(await composeImage(face, value)).metadata();
      const [w, h] = value.split(':').map(Number) as [number, number];
      expect(Math.min(width, height)).toBe(512);
      expect(Math.abs(width / height - w / h)).toBeLessThan(0.01);
    }
  });
});
