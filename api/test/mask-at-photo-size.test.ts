import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { maskAtPhotoSize } from '../src/media/mask-at-photo-size';

/** A black mask of `width` × `height` with one white pixel at (x, y). */
async function dotMask(width: number, height: number, x: number, y: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height);
  pixels[y * width + x] = 255;
  return sharp(pixels, { raw: { width, height, channels: 1 } })
    .png()
    .toBuffer();
}

const photo = (width: number, height: number, orientation?: number) => {
  const image = sharp({ create: { width, height, channels: 3, background: '#808080' } }).jpeg();
  return (orientation ? image.withMetadata({ orientation }) : image).toBuffer();
};

describe('the mask an engine reads', () => {
  it('is the drawn mask itself when it has the photo’s size', async () => {
    const mask = await dotMask(40, 30, 3, 4);
    expect(await maskAtPhotoSize(await photo(40, 30), mask)).toBe(mask);
  });

  it('is scaled to the upright photo, each mask pixel covering exactly its photo pixels', async () => {
    // Stored sideways (EXIF orientation 6): upright, the photo is 30 wide and 60 high.
    const scaled = await maskAtPhotoSize(await photo(60, 30, 6), await dotMask(10, 20, 2, 5));
    const { data, info } = await sharp(scaled)
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([30, 60]);
    const white: Array<[number, number]> = [];
    for (let y = 0; y < info.height; y += 1) {
      for (let x = 0; x < info.width; x += 1) {
        if (data[y * info.width + x] === 255) white.push([x, y]);
        else expect(data[y * info.width + x]).toBe(0);
      }
    }
    // Mask pixel (2, 5) of 10 × 20 is photo pixels 6-8 across and 15-17 down.
    expect(white).toHaveLength(9);
    expect(white[0]).toEqual([6, 15]);
    expect(white.at(-1)).toEqual([8, 17]);
  });
});
