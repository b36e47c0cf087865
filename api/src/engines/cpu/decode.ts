import sharp from 'sharp';
import type { RgbImage } from './face-api';

/** The detector's input: larger photos only cost time, faces stay well above its minimum. */
const ANALYSIS_SIZE = 640;

/** Upright RGB at most ANALYSIS_SIZE on the long side, and the factor back to the original. */
export async function decodeForAnalysis(data: Buffer): Promise<{ image: RgbImage; scale: number }> {
  const upright = sharp(data).rotate();
  const { width = 1, height = 1 } = await upright.clone().metadata();
  const { data: pixels, info } = await upright
    .resize(ANALYSIS_SIZE, ANALYSIS_SIZE, { fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  // metadata() reports the stored (pre-rotation) size: compare long sides, which rotation keeps.
  const scale = Math.max(width, height) / Math.max(info.width, info.height);
  return { image: { data: new Uint8Array(pixels), width: info.width, height: info.height }, scale };
}

/** The whole photo, upright, as RGB: what an edit works on pixel for pixel. */
export async function decodeUpright(data: Buffer): Promise<RgbImage> {
  const { data: pixels, info } = await sharp(data)
    .rotate()
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(pixels), width: info.width, height: info.height };
}

export function encodePng(image: RgbImage): Promise<Buffer> {
  const { width, height } = image;
  return sharp(Buffer.from(image.data), { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}
