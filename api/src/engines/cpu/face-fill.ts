import { similarityFromEyes, type Similarity } from './align-face';
import type { AppearanceModel } from './appearance-model';
import type { Point, RgbImage } from './face-api';
import { reconstruct, symmetricEigen } from './pca';

/** Canonical-frame pixels farther than this from the frame's centre are not face. */
const FACE_RADIUS = 0.4;

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
 * Writes the learned face into the masked pixels of `image` that lie on the face, softly
 * blended into the classical fill towards the face's edge. Returns how many pixels it set.
 */
export function pasteLearnedFace(
  image: RgbImage,
  mask: Uint8Array,
  landmarks: Point[],
  rendered: Float32Array,
  size: number,
): number {
  const transform = similarityFromEyes(landmarks, size);
  let written = 0;
  for (let y = 0; y < image.height; y += 1) {
    for (let x = 0; x < image.width; x += 1) {
      const at = y * image.width + x;
      if (!mask[at]) continue;
      const p = toCanonical(transform, x, y);
      const r = Math.hypot(p.x / size - 0.5, p.y / size - 0.5);
      if (r >= FACE_RADIUS || p.x < 0 || p.y < 0 || p.x > size - 1 || p.y > size - 1) continue;
      const weight = Math.min(1, (FACE_RADIUS - r) / 0.05);
      const x0 = Math.floor(p.x);
      const y0 = Math.floor(p.y);
      const fx = p.x - x0;
      const fy = p.y - y0;
      for (let c = 0; c < 3; c += 1) {
        const v = (xx: number, yy: number) =>
          rendered[(Math.min(size - 1, yy) * size + Math.min(size - 1, xx)) * 3 + c]!;
        const value =
          (v(x0, y0) * (1 - fx) + v(x0 + 1, y0) * fx) * (1 - fy) +
          (v(x0, y0 + 1) * (1 - fx) + v(x0 + 1, y0 + 1) * fx) * fy;
        const old = image.data[at * 3 + c]!;
        image.data[at * 3 + c] = Math.round(
          Math.min(255, Math.max(0, weight * value + (1 - weight) * old)),
        );
      }
      written += 1;
    }
  }
  return written;
}
