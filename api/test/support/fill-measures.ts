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

/**
 * How much of a face's edge an edit keeps where its band covers the jaw line (`outline`, in
 * pixels): the strongest grey-level gradient within a few pixels of each covered point of the line,
 * in the edited image over the same in the photo, averaged. A fill that smears skin into the
 * background loses the edge (well under 1); NaN when the band misses the line.
 */
export function outlineEdgeKept(
  edited: Uint8Array,
  original: Uint8Array,
  band: Uint8Array,
  width: number,
  outline: readonly { x: number; y: number }[],
): number {
  const height = band.length / width;
  const grey = (image: Uint8Array, x: number, y: number) => {
    const at =
      (Math.min(height - 1, Math.max(0, y)) * width + Math.min(width - 1, Math.max(0, x))) * 3;
    return (image[at]! + image[at + 1]! + image[at + 2]!) / 3;
  };
  const edge = (image: Uint8Array, x: number, y: number) => {
    let strongest = 0;
    for (let dy = -EDGE_REACH; dy <= EDGE_REACH; dy += 1) {
      for (let dx = -EDGE_REACH; dx <= EDGE_REACH; dx += 1) {
        const gx = grey(image, x + dx + 1, y + dy) - grey(image, x + dx - 1, y + dy);
        const gy = grey(image, x + dx, y + dy + 1) - grey(image, x + dx, y + dy - 1);
        strongest = Math.max(strongest, Math.hypot(gx, gy));
      }
    }
    return strongest;
  };
  let kept = 0;
  let before = 0;
  for (let k = 0; k + 1 < outline.length; k += 1) {
    const [from, to] = [outline[k]!, outline[k + 1]!];
    const steps = Math.ceil(Math.hypot(to.x - from.x, to.y - from.y));
    for (let step = 0; step < steps; step += 1) {
      const x = Math.round(from.x + ((to.x - from.x) * step) / steps);
      const y = Math.round(from.y + ((to.y - from.y) * step) / steps);
      if (x < 0 || y < 0 || x >= width || y >= height || !band[y * width + x]) continue;
      kept += edge(edited, x, y);
      before += edge(original, x, y);
    }
  }
  return before === 0 ? Number.NaN : kept / before;
}

/** Pixels around a point of the jaw line where its edge may lie (landmarks are a few px off). */
const EDGE_REACH = 6;
