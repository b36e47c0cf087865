/**
 * How good a fill of a masked region is, for the engine tests and bench/engine.ts: its error
 * against the photo it replaced, and the seam it leaves at the region's border.
 */

/** RMSE (grey levels) over the masked pixels (mask: 1 per pixel = filled). */
export function maskedRmse(candidate: Uint8Array, original: Uint8Array, mask: Uint8Array): number {
  let sum = 0;
  let count = 0;
  for (let at = 0; at < mask.length; at += 1) {
    if (!mask[at]) continue;
    for (let c = 0; c < 3; c += 1) sum += (candidate[at * 3 + c]! - original[at * 3 + c]!) ** 2;
    count += 3;
  }
  return Math.sqrt(sum / Math.max(1, count));
}

/**
 * Seam score: the mean squared step (grey levels², over the 3 channels) between each pixel on
 * the region's border and its neighbour across it. A fill that continues the photo leaves about
 * the photo's own texture there; a seam adds to it.
 */
export function seamEnergy(image: Uint8Array, mask: Uint8Array, width: number): number {
  let sum = 0;
  let count = 0;
  const height = mask.length / width;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = y * width + x;
      for (const next of [x + 1 < width ? at + 1 : -1, y + 1 < height ? at + width : -1]) {
        if (next < 0 || mask[at] === mask[next]) continue;
        for (let c = 0; c < 3; c += 1) sum += (image[at * 3 + c]! - image[next * 3 + c]!) ** 2;
        count += 1;
      }
    }
  }
  return sum / Math.max(1, count);
}

/**
 * Edit boundary step ratio: the RMS step across the region's border in the edited image over the
 * same in the photo itself. 1 means the fill meets the photo as smoothly as the photo runs on
 * there; a hard line or staircase at the border raises it.
 */
export function boundaryStepRatio(
  edited: Uint8Array,
  original: Uint8Array,
  mask: Uint8Array,
  width: number,
): number {
  return Math.sqrt(
    seamEnergy(edited, mask, width) / Math.max(1, seamEnergy(original, mask, width)),
  );
}
