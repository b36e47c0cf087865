import type { Point, RgbImage } from './face-api';

/**
 * The canonical frame every face is warped into: eye centres on a fixed horizontal line, a fixed
 * distance apart, so pixel (x, y) means the same part of the face in every aligned photo. That
 * correspondence is what lets a statistical model be fitted over the photos.
 */
export const CANONICAL = {
  size: 256,
  leftEye: { x: 0.37, y: 0.42 },
  rightEye: { x: 0.63, y: 0.42 },
} as const;

const mean = (points: Point[]): Point => ({
  x: points.reduce((sum, point) => sum + point.x, 0) / points.length,
  y: points.reduce((sum, point) => sum + point.y, 0) / points.length,
});

/** Eye centres from the 68 landmarks (36-41: the subject's right eye, on the image's left). */
export function eyeCentres(landmarks: Point[]): { left: Point; right: Point } {
  return { left: mean(landmarks.slice(36, 42)), right: mean(landmarks.slice(42, 48)) };
}

/** Where a canonical-frame pixel comes from in the photo: rotation, scale and shift. */
export interface Similarity {
  /** Photo pixels per canonical pixel, times cos/sin of the eye line's angle. */
  a: number;
  b: number;
  tx: number;
  ty: number;
}

export function similarityFromEyes(landmarks: Point[], size: number = CANONICAL.size): Similarity {
  const { left, right } = eyeCentres(landmarks);
  const target = {
    left: { x: CANONICAL.leftEye.x * size, y: CANONICAL.leftEye.y * size },
    right: { x: CANONICAL.rightEye.x * size, y: CANONICAL.rightEye.y * size },
  };
  const source = { x: right.x - left.x, y: right.y - left.y };
  const scale = Math.hypot(source.x, source.y) / (target.right.x - target.left.x);
  const angle = Math.atan2(source.y, source.x);
  const a = scale * Math.cos(angle);
  const b = scale * Math.sin(angle);
  return {
    a,
    b,
    tx: left.x - (a * target.left.x - b * target.left.y),
    ty: left.y - (b * target.left.x + a * target.left.y),
  };
}

/** Bilinear sample with edges clamped (a face near the border repeats its edge pixels). */
function sample(image: RgbImage, x: number, y: number, out: Uint8Array, at: number): void {
  const cx = Math.min(image.width - 1, Math.max(0, x));
  const cy = Math.min(image.height - 1, Math.max(0, y));
  const x0 = Math.floor(cx);
  const y0 = Math.floor(cy);
  const x1 = Math.min(image.width - 1, x0 + 1);
  const y1 = Math.min(image.height - 1, y0 + 1);
  const fx = cx - x0;
  const fy = cy - y0;
  const { data, width } = image;
  const [p00, p10] = [(y0 * width + x0) * 3, (y0 * width + x1) * 3];
  const [p01, p11] = [(y1 * width + x0) * 3, (y1 * width + x1) * 3];
  for (let channel = 0; channel < 3; channel += 1) {
    const top = data[p00 + channel]! * (1 - fx) + data[p10 + channel]! * fx;
    const bottom = data[p01 + channel]! * (1 - fx) + data[p11 + channel]! * fx;
    out[at + channel] = Math.round(top * (1 - fy) + bottom * fy);
  }
}

/** Warps the face into the canonical frame (size x size RGB). */
export function alignFace(
  image: RgbImage,
  landmarks: Point[],
  size: number = CANONICAL.size,
): RgbImage {
  const { a, b, tx, ty } = similarityFromEyes(landmarks, size);
  const data = new Uint8Array(size * size * 3);
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      sample(image, a * x - b * y + tx, b * x + a * y + ty, data, (y * size + x) * 3);
    }
  }
  return { data, width: size, height: size };
}
