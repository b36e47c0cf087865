import type { AspectRatio } from '@app/shared/spec';
import sharp from 'sharp';
import type { RgbImage } from './face-api';
import type { Steering } from './prompt-vocabulary';

/** Output sizes: the short side is 512 px for every aspect ratio. */
export const OUTPUT_SIZES: Record<AspectRatio, { width: number; height: number }> = {
  '1:1': { width: 512, height: 512 },
  '4:5': { width: 512, height: 640 },
  '16:9': { width: 912, height: 512 },
  '9:16': { width: 512, height: 912 },
  '3:2': { width: 768, height: 512 },
  '5:4': { width: 640, height: 512 },
};

/** Palette, warmth and brightness of the prompt, per pixel. */
export function applySteering(face: RgbImage, steering: Steering): RgbImage {
  const data = new Uint8Array(face.data.length);
  const shift = steering.brightness * 255;
  for (let at = 0; at < data.length; at += 3) {
    let r = face.data[at]!;
    let g = face.data[at + 1]!;
    let b = face.data[at + 2]!;
    if (steering.palette !== 'colour') {
      const grey = 0.299 * r + 0.587 * g + 0.114 * b;
      [r, g, b] =
        steering.palette === 'mono' ? [grey, grey, grey] : [grey * 1.07, grey * 0.89, grey * 0.7];
    }
    r += shift + steering.warmth * 14;
    b += shift - steering.warmth * 14;
    g += shift;
    data[at] = Math.min(255, Math.max(0, r));
    data[at + 1] = Math.min(255, Math.max(0, g));
    data[at + 2] = Math.min(255, Math.max(0, b));
  }
  return { data, width: face.width, height: face.height };
}

/** Opaque in the centre, fading out towards the square's edge (no hard seam on wide images). */
function featherMask(size: number): Buffer {
  const mask = Buffer.alloc(size * size);
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      const r = Math.hypot((x + 0.5) / size - 0.5, (y + 0.5) / size - 0.5);
      mask[y * size + x] = Math.round(255 * Math.min(1, Math.max(0, (0.5 - r) / 0.08)));
    }
  }
  return mask;
}

/**
 * The canonical face frame scaled to the short side, centred, over a blurred enlargement of
 * itself that fills the rest of a wide or tall frame.
 */
export async function composeImage(face: RgbImage, aspectRatio: AspectRatio): Promise<Buffer> {
  const { width, height } = OUTPUT_SIZES[aspectRatio];
  const raw = { raw: { width: face.width, height: face.height, channels: 3 as const } };
  const short = Math.min(width, height);
  const background = await sharp(Buffer.from(face.data), raw)
    .resize(width, height, { fit: 'cover' })
    .blur(24)
    .raw()
    .toBuffer();
  const foreground = await sharp(Buffer.from(face.data), raw)
    .resize(short, short)
    .joinChannel(featherMask(short), { raw: { width: short, height: short, channels: 1 } })
    .png()
    .toBuffer();
  return sharp(background, { raw: { width, height, channels: 3 } })
    .composite([{ input: foreground, left: (width - short) >> 1, top: (height - short) >> 1 }])
    .png()
    .toBuffer();
}
