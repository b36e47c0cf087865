import sharp from 'sharp';
import type { RgbImage } from './face-api';

/** How far the painted mask is grown: 1 % of the short side, at least 4 px. */
export const bandRadius = (width: number, height: number) =>
  Math.max(4, Math.round(0.01 * Math.min(width, height)));

/** The painted mask at the image's size, grown by `radius` px: 1 = regenerate, 0 = keep. */
export async function dilatedMask(
  mask: Buffer,
  width: number,
  height: number,
  radius: number,
): Promise<Uint8Array> {
  return (await editBand(mask, width, height, radius)).band;
}

/**
 * The painted mask grown by `radius` px (`band`: 1 = regenerate, 0 = keep), and each pixel's
 * `painted` share out of 255: all of it on the painted mask, falling to none across the growth
 * around it, which is only there for the fill to meet the photo and still shows the photo.
 */
export async function editBand(
  mask: Buffer,
  width: number,
  height: number,
  radius: number,
): Promise<{ band: Uint8Array; painted: Uint8Array }> {
  // Blurring a binary mask spreads it by about 2 sigma; any non-zero value joins the band. The
  // painted edge blurs to half: from there outwards the blurred value, doubled, falls to 0.
  const painted = await sharp(mask)
    .flatten({ background: '#000000' })
    .greyscale()
    .resize(width, height, { fit: 'fill' })
    .threshold(128)
    .blur(Math.max(0.3, radius / 2))
    .raw()
    .toBuffer();
  const band = new Uint8Array(painted.length);
  for (let at = 0; at < painted.length; at += 1) {
    band[at] = painted[at]! > 0 ? 1 : 0;
    painted[at] = Math.min(255, 2 * painted[at]!);
  }
  return { band, painted };
}

/**
 * Classical fill (push-pull): masked pixels take the mask-weighted average of their
 * neighbourhood at ever coarser scales, so holes fill smoothly from their border inwards.
 * This is also the non-learned baseline the benchmark compares against.
 */
export function pushPullFill(image: RgbImage, mask: Uint8Array): RgbImage {
  const levels: { width: number; height: number; colour: Float32Array; weight: Float32Array }[] =
    [];
  let width = image.width;
  let height = image.height;
  let colour = Float32Array.from(image.data);
  let weight = Float32Array.from(mask, (value) => 1 - value);
  for (let at = 0; at < weight.length; at += 1)
    for (let c = 0; c < 3; c += 1) colour[at * 3 + c]! *= weight[at]!;
  levels.push({ width, height, colour, weight });
  while (width > 1 || height > 1) {
    const w = Math.max(1, width >> 1);
    const h = Math.max(1, height >> 1);
    const nextColour = new Float32Array(w * h * 3);
    const nextWeight = new Float32Array(w * h);
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) {
        const to = Math.min(h - 1, y >> 1) * w + Math.min(w - 1, x >> 1);
        const from = y * width + x;
        nextWeight[to]! += weight[from]!;
        for (let c = 0; c < 3; c += 1) nextColour[to * 3 + c]! += colour[from * 3 + c]!;
      }
    }
    [width, height, colour, weight] = [w, h, nextColour, nextWeight];
    levels.push({ width, height, colour, weight });
  }
  // Pull: from the coarsest level down, fill what a level does not know from the one above.
  for (let level = levels.length - 2; level >= 0; level -= 1) {
    const fine = levels[level]!;
    const coarse = levels[level + 1]!;
    for (let y = 0; y < fine.height; y += 1) {
      for (let x = 0; x < fine.width; x += 1) {
        const at = y * fine.width + x;
        const up =
          Math.min(coarse.height - 1, y >> 1) * coarse.width + Math.min(coarse.width - 1, x >> 1);
        const known = Math.min(1, fine.weight[at]!);
        const coarseWeight = Math.max(coarse.weight[up]!, 1e-6);
        const fineWeight = Math.max(fine.weight[at]!, 1e-6);
        for (let c = 0; c < 3; c += 1) {
          const mine = fine.colour[at * 3 + c]! / fineWeight;
          const above = coarse.colour[up * 3 + c]! / coarseWeight;
          fine.colour[at * 3 + c] =
            (known * mine + (1 - known) * above) * Math.max(fine.weight[at]!, 1);
        }
        fine.weight[at] = Math.max(fine.weight[at]!, 1);
      }
    }
  }
  const base = levels[0]!;
  const data = Uint8Array.from(image.data);
  for (let at = 0; at < mask.length; at += 1) {
    if (!mask[at]) continue;
    for (let c = 0; c < 3; c += 1)
      data[at * 3 + c] = Math.round(
        Math.min(255, Math.max(0, base.colour[at * 3 + c]! / base.weight[at]!)),
      );
  }
  return { data, width: image.width, height: image.height };
}
