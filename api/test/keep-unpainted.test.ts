import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { keepUnpainted } from '../src/media/keep-unpainted';

const RED = [255, 0, 0];

/** A photo with a different colour in every pixel, so a moved or resampled pixel shows. */
async function noisyPhoto(width: number, height: number, orientation?: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let at = 0; at < pixels.length; at += 1) pixels[at] = (at * 37 + (at >> 7) * 11) % 256;
  const image = sharp(pixels, { raw: { width, height, channels: 3 } }).png();
  return orientation ? image.withMetadata({ orientation }).toBuffer() : image.toBuffer();
}

/** As the mask editor exports it: transparent where unpainted, opaque white inside the box. */
async function boxMask(width: number, height: number, box: Box): Promise<Buffer> {
  const white = await sharp({
    create: { width: box.width, height: box.height, channels: 4, background: '#ffffff' },
  })
    .png()
    .toBuffer();
  return sharp({
    create: { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
  })
    .composite([{ input: white, left: box.left, top: box.top }])
    .png()
    .toBuffer();
}

interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

const rgb = async (png: Buffer) =>
  sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });

describe('an edit keeps what was not painted', { timeout: 30_000 }, () => {
  it('takes only the painted box from an answer of another size; every other pixel is the photo’s', async () => {
    const [width, height] = [120, 90];
    const box = { left: 30, top: 20, width: 50, height: 40 };
    const photo = await noisyPhoto(width, height);
    // A remote model answers at its own size (here a smaller one, all red).
    const answer = await sharp({
      create: { width: 64, height: 64, channels: 3, background: '#ff0000' },
    })
      .png()
      .toBuffer();

    const result = await rgb(await keepUnpainted(photo, await boxMask(width, height, box), answer));
    const original = await rgb(photo);

    expect(result.info).toMatchObject({ width, height });
    let outsideDiffers = 0;
    let insideRed = 0;
    let deepInside = 0;
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) {
        const at = (y * width + x) * 3;
        const pixel = [...result.data.subarray(at, at + 3)];
        const inside =
          x >= box.left && x < box.left + box.width && y >= box.top && y < box.top + box.height;
        if (!inside && !original.data.subarray(at, at + 3).equals(result.data.subarray(at, at + 3)))
          outsideDiffers += 1;
        // The seam blends over a few pixels inside the paint; beyond them the answer shows as is.
        const deep =
          x >= box.left + 6 &&
          x < box.left + box.width - 6 &&
          y >= box.top + 6 &&
          y < box.top + box.height - 6;
        if (deep) {
          deepInside += 1;
          if (pixel.every((value, channel) => value === RED[channel])) insideRed += 1;
        }
      }
    }
    expect(outsideDiffers).toBe(0);
    expect(insideRed).toBe(deepInside);
  });

  it('keeps the photo upright, as the built-in engine and the gallery show it', async () => {
    // Orientation 6: stored 80 wide and 40 high, shown 40 wide and 80 high.
    const photo = await noisyPhoto(80, 40, 6);
    const mask = await boxMask(40, 80, { left: 10, top: 30, width: 20, height: 20 });
    const answer = await sharp({
      create: { width: 40, height: 80, channels: 3, background: '#ff0000' },
    })
      .png()
      .toBuffer();

    const result = await rgb(await keepUnpainted(photo, mask, answer));
    const upright = await rgb(await sharp(photo).rotate().png().toBuffer());

    expect(result.info).toMatchObject({ width: 40, height: 80 });
    // The top rows are unpainted: the upright photo's own pixels.
    expect(result.data.subarray(0, 40 * 3 * 20).equals(upright.data.subarray(0, 40 * 3 * 20))).toBe(
      true,
    );
  });
});
