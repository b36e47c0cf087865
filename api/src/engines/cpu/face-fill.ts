import { similarityFromEyes, type Similarity } from './align-face';
import type { AppearanceModel } from './appearance-model';
import type { Point, RgbImage } from './face-api';
import { faceOutline, rasterizePolygon } from './face-region';
import { reconstruct, symmetricEigen } from './pca';
import { poissonBlend } from './poisson';

/**
 * The most likely face given the pixels outside the mask: PCA coefficients fitted by ridge
 * regression on the known canonical pixels (the prior is the model's own variance), rendered
 * in full. This is where the learned model fills what the mask hides (eyes, mouth ...).
 */
export function fitHiddenFace(
  model: AppearanceModel,
  face: RgbImage,
  hidden: Uint8Array,
): Float32Array {
  const { pca } = model;
  const k = pca.components.length;
  const gram = Array.from({ length: k }, () => new Array<number>(k).fill(0));
  const rhs = new Array<number>(k).fill(0);
  for (let pixel = 0; pixel < hidden.length; pixel += 1) {
    if (hidden[pixel]) continue;
    for (let c = 0; c < 3; c += 1) {
      const d = pixel * 3 + c;
      const residual = face.data[d]! - pca.mean[d]!;
      for (let i = 0; i < k; i += 1) {
        const a = pca.components[i]![d]!;
        rhs[i]! += a * residual;
        for (let j = i; j < k; j += 1) gram[i]![j]! += a * pca.components[j]![d]!;
      }
    }
  }
  // Noise variance per value ~ 10 grey levels²: a weak prior that only tames unseen directions.
  const noise = 100;
  for (let i = 0; i < k; i += 1) {
    for (let j = 0; j < i; j += 1) gram[i]![j] = gram[j]![i]!;
    gram[i]![i]! += noise / Math.max(1e-6, pca.deviations[i]! ** 2);
  }
  return reconstruct(pca, solve(gram, rhs));
}

/** Symmetric positive definite solve through the eigen-decomposition (k <= 19). */
function solve(matrix: number[][], rhs: number[]): number[] {
  const { values, vectors } = symmetricEigen(matrix);
  const out = new Array<number>(rhs.length).fill(0);
  values.forEach((value, index) => {
    const projection = rhs.reduce((sum, r, row) => sum + r * vectors[row]![index]!, 0) / value;
    for (let row = 0; row < rhs.length; row += 1) out[row]! += projection * vectors[row]![index]!;
  });
  return out;
}

/** Image pixel -> canonical-frame pixel: the inverse of the alignment's similarity. */
function toCanonical({ a, b, tx, ty }: Similarity, x: number, y: number): Point {
  const det = a * a + b * b;
  const dx = x - tx;
  const dy = y - ty;
  return { x: (a * dx + b * dy) / det, y: (-b * dx + a * dy) / det };
}

/**
 * The edited region seen through the face alignment: 1 where a canonical-frame pixel is hidden
 * by the mask or falls outside the photo (either way the photo does not show it).
 */
export function hiddenInFrame(
  mask: Uint8Array,
  width: number,
  height: number,
  landmarks: Point[],
  size: number,
): Uint8Array {
  const { a, b, tx, ty } = similarityFromEyes(landmarks, size);
  const hidden = new Uint8Array(size * size);
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      const u = Math.round(a * x - b * y + tx);
      const v = Math.round(b * x + a * y + ty);
      const outside = u < 0 || v < 0 || u >= width || v >= height;
      hidden[y * size + x] = outside || mask[v * width + u] ? 1 : 0;
    }
  }
  return hidden;
}

/** The edited pixels that are face (inside its outline from the landmarks), and their box. */
interface FaceRegion {
  mask: Uint8Array;
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The part of the edited band that lies on the face, or undefined when the band misses it. */
export function faceRegionInBand(
  band: Uint8Array,
  width: number,
  height: number,
  landmarks: Point[],
): FaceRegion | undefined {
  const outline = faceOutline(landmarks);
  const mask = rasterizePolygon(outline, width, height);
  // The outline's box and a ring of one pixel: the blend reads the pixels around the region.
  const left = Math.max(0, Math.floor(Math.min(...outline.map((p) => p.x))) - 1);
  const top = Math.max(0, Math.floor(Math.min(...outline.map((p) => p.y))) - 1);
  const right = Math.min(width, Math.ceil(Math.max(...outline.map((p) => p.x))) + 2);
  const bottom = Math.min(height, Math.ceil(Math.max(...outline.map((p) => p.y))) + 2);
  let count = 0;
  for (let y = top; y < bottom; y += 1) {
    for (let x = left; x < right; x += 1) {
      const at = y * width + x;
      mask[at] = mask[at]! & band[at]!;
      count += mask[at]!;
    }
  }
  if (count === 0) return undefined;
  return { mask, left, top, width: right - left, height: bottom - top };
}

/**
 * Writes the learned face (canonical frame, `size` px) into the face region in the gradient
 * domain: the learned face's detail inside, the photo's colour and light where the region meets
 * pixels that stay, so neither a paler average face nor a seam shows. Where it meets the rest of
 * the edited band (filled afterwards, around the face) its border is left free. Across the band's
 * growth around the painted area (`painted` below 255) it fades back into the photo: a feature the
 * band cuts (a nostril, the corner of a lip) keeps its own shape there instead of ending in a step
 * where the learned face draws it elsewhere.
 */
export function blendLearnedFace(
  image: RgbImage,
  region: FaceRegion,
  band: Uint8Array,
  painted: Uint8Array,
  landmarks: Point[],
  rendered: Float32Array,
  size: number,
): void {
  const { left, top, width, height } = region;
  const transform = similarityFromEyes(landmarks, size);
  const values = new Float32Array(width * height * 3);
  const sample = (px: number, py: number, c: number) =>
    rendered[
      (Math.min(size - 1, Math.max(0, py)) * size + Math.min(size - 1, Math.max(0, px))) * 3 + c
    ]!;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const p = toCanonical(transform, left + x, top + y);
      const fx = Math.floor(p.x);
      const fy = Math.floor(p.y);
      const wx = p.x - fx;
      const wy = p.y - fy;
      const to = (y * width + x) * 3;
      for (let c = 0; c < 3; c += 1) {
        values[to + c] =
          (sample(fx, fy, c) * (1 - wx) + sample(fx + 1, fy, c) * wx) * (1 - wy) +
          (sample(fx, fy + 1, c) * (1 - wx) + sample(fx + 1, fy + 1, c) * wx) * wy;
      }
    }
  }
  const photo = regionPixels(image, region);
  poissonBlend(image, region.mask, { left, top, width, height, values }, band);
  // Over the growth around the painted area, back to the photo as `painted` falls.
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = (top + y) * image.width + left + x;
      const learned = painted[at]! / 255;
      if (!region.mask[at] || learned >= 1) continue;
      for (let c = 0; c < 3; c += 1) {
        const own = photo[(y * width + x) * 3 + c]!;
        image.data[at * 3 + c] = Math.round(
          learned * image.data[at * 3 + c]! + (1 - learned) * own,
        );
      }
    }
  }
}

/** A copy of the image's pixels in the region's box, row by row. */
function regionPixels(image: RgbImage, { left, top, width, height }: FaceRegion): Uint8Array {
  const pixels = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    const from = ((top + y) * image.width + left) * 3;
    pixels.set(image.data.subarray(from, from + width * 3), y * width * 3);
  }
  return pixels;
}
