/**
 * The fill the built-in engine used before exemplar-based inpainting, kept as the bench's
 * baseline: push-pull everywhere, and over the face the learned face pasted with a feathered
 * circular edge (the "arc seam" and the blocks on the chin that issue 17 reports).
 */
import { similarityFromEyes, type Similarity } from '../api/src/engines/cpu/align-face';
import type { Point, RgbImage } from '../api/src/engines/cpu/face-api';
import { pushPullFill } from '../api/src/engines/cpu/inpaint';

const FACE_RADIUS = 0.4;

function toCanonical({ a, b, tx, ty }: Similarity, x: number, y: number): Point {
  const det = a * a + b * b;
  const dx = x - tx;
  const dy = y - ty;
  return { x: (a * dx + b * dy) / det, y: (-b * dx + a * dy) / det };
}

export function previousFill(
  image: RgbImage,
  band: Uint8Array,
  face?: { landmarks: Point[]; rendered: Float32Array; size: number },
): RgbImage {
  const filled = pushPullFill(image, band);
  if (!face) return filled;
  const { landmarks, rendered, size } = face;
  const transform = similarityFromEyes(landmarks, size);
  for (let y = 0; y < filled.height; y += 1) {
    for (let x = 0; x < filled.width; x += 1) {
      const at = y * filled.width + x;
      if (!band[at]) continue;
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
        const old = filled.data[at * 3 + c]!;
        filled.data[at * 3 + c] = Math.round(
          Math.min(255, Math.max(0, weight * value + (1 - weight) * old)),
        );
      }
    }
  }
  return filled;
}
