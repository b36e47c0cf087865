import { loadSharp } from './load-sharp';

/**
 * An edit as the user painted it: the uploaded photo (upright, at its own size) with only the
 * painted region taken from the engine's output. A remote model answers at its own size and
 * passes the whole image through its decoder, and a predictor without a `mask` input (Cog
 * drops inputs it does not know) repaints everything; either way nothing outside the paint
 * may change. The mask is white where painted. Its edge is softened inward only, so every
 * pixel outside the paint stays the photo's own while the seam inside it blends.
 */
export async function keepUnpainted(photo: Buffer, mask: Buffer, edited: Buffer): Promise<Buffer> {
  const sharp = await loadSharp();
  const upright = await sharp(photo).rotate().png().toBuffer();
  const { width, height } = await sharp(upright).metadata();
  if (!width || !height) throw new Error('not an image');
  const raw = { width, height, channels: 1 } as const;
  const painted = await sharp(mask)
    .flatten({ background: '#000000' })
    .greyscale()
    .resize(width, height, { fit: 'fill' })
    .threshold(128)
    .raw()
    .toBuffer();
  const alpha = await sharp(painted, { raw }).blur(2).toColourspace('b-w').raw().toBuffer();
  // 2·blurred − 255: 0 wherever the blurred edge is below half, which is every unpainted pixel.
  for (let at = 0; at < alpha.length; at += 1) alpha[at] = Math.max(0, 2 * alpha[at]! - 255);
  const colours = await sharp(edited)
    .resize(width, height, { fit: 'fill' })
    .removeAlpha()
    .raw()
    .toBuffer();
  const paint = await sharp(colours, { raw: { width, height, channels: 3 } })
    .joinChannel(alpha, { raw })
    .png()
    .toBuffer();
  return sharp(upright)
    .composite([{ input: paint }])
    .png()
    .toBuffer();
}
