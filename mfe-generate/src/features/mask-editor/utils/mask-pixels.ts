import { MASK_EDITOR } from '@app/shared/spec';

/** RGBA pixels, row by row, as canvas ImageData holds them. */
export interface RgbaPixels {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

export interface MaskRules {
  /** A painted pixel counts when its alpha is above this. */
  alphaThreshold: number;
  /** Painted regions grow by this many pixels (a disc: every pixel within this distance). */
  dilationPx: number;
}

const SPEC_RULES: MaskRules = {
  alphaThreshold: MASK_EDITOR.alphaThreshold,
  dilationPx: MASK_EDITOR.dilationPx,
};

/** Offsets of every pixel within `radius` of the centre, the centre included. */
function discOffsets(radius: number): Array<[number, number]> {
  const offsets: Array<[number, number]> = [];
  for (let dy = -radius; dy <= radius; dy += 1) {
    for (let dx = -radius; dx <= radius; dx += 1) {
      if (dx * dx + dy * dy <= radius * radius) offsets.push([dx, dy]);
    }
  }
  return offsets;
}

/**
 * Which pixels of a `width` × `height` grid were painted: the painting is sampled at each
 * target pixel's centre (nearest neighbour), so a painting of any size maps onto the photo.
 */
function paintedAt(painted: RgbaPixels, width: number, height: number, threshold: number) {
  const hit = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1) {
    const sy = Math.min(painted.height - 1, Math.floor(((y + 0.5) * painted.height) / height));
    for (let x = 0; x < width; x += 1) {
      const sx = Math.min(painted.width - 1, Math.floor(((x + 0.5) * painted.width) / width));
      hit[y * width + x] = painted.data[(sy * painted.width + sx) * 4 + 3]! > threshold ? 1 : 0;
    }
  }
  return hit;
}

/**
 * The edit mask of spec §5 from what the user painted: at `size`, every pixel painted
 * with alpha above 30 is white, grown by 2 px; everything else black. Opaque, so any PNG reader
 * sees the same black and white.
 */
export function maskFromPainting(
  painted: RgbaPixels,
  size: { width: number; height: number } = painted,
  rules: MaskRules = SPEC_RULES,
): { mask: RgbaPixels; paintedPixels: number } {
  const { width, height } = size;
  const hit = paintedAt(painted, width, height, rules.alphaThreshold);
  const grown = new Uint8Array(width * height);
  const offsets = discOffsets(rules.dilationPx);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if (!hit[y * width + x]) continue;
      for (const [dx, dy] of offsets) {
        const nx = x + dx;
        const ny = y + dy;
        if (nx >= 0 && ny >= 0 && nx < width && ny < height) grown[ny * width + nx] = 1;
      }
    }
  }
  const data = new Uint8ClampedArray(width * height * 4);
  let paintedPixels = 0;
  for (let at = 0; at < grown.length; at += 1) {
    const value = grown[at] ? 255 : 0;
    paintedPixels += grown[at]!;
    data[at * 4] = value;
    data[at * 4 + 1] = value;
    data[at * 4 + 2] = value;
    data[at * 4 + 3] = 255;
  }
  return { mask: { width, height, data }, paintedPixels };
}

/** The share of the painting's pixels painted with alpha above the spec's threshold, 0-1. */
export function paintedShare(
  painted: RgbaPixels,
  threshold: number = MASK_EDITOR.alphaThreshold,
): number {
  const pixels = painted.width * painted.height;
  let count = 0;
  for (let at = 0; at < pixels; at += 1) if (painted.data[at * 4 + 3]! > threshold) count += 1;
  return pixels === 0 ? 0 : count / pixels;
}

/**
 * Whether the painting is painted at a point given in 0-1 of its width and height (the
 * edit-mask rule's `painted`), by the same alpha threshold as the mask.
 */
export function paintedAtPoint(
  painted: RgbaPixels,
  threshold: number = MASK_EDITOR.alphaThreshold,
): (point: { x: number; y: number }) => boolean {
  return ({ x, y }) => {
    const column = Math.min(painted.width - 1, Math.max(0, Math.floor(x * painted.width)));
    const row = Math.min(painted.height - 1, Math.max(0, Math.floor(y * painted.height)));
    return painted.data[(row * painted.width + column) * 4 + 3]! > threshold;
  };
}
