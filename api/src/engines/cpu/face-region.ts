import { eyeCentres } from './align-face';
import type { Point } from './face-api';

/**
 * How far above the brows the face region reaches, in eye distances: the forehead the appearance
 * model knows (above it, hair lines differ from photo to photo).
 */
const FOREHEAD = 0.45;

/**
 * The outline of the face from its 68 landmarks: the jaw line (0-16) from ear to ear, closed over
 * the forehead by the brows (26 back to 17) lifted by FOREHEAD eye distances, perpendicular to
 * the eye line.
 */
export function faceOutline(landmarks: Point[]): Point[] {
  const { left, right } = eyeCentres(landmarks);
  const distance = Math.hypot(right.x - left.x, right.y - left.y);
  // "Up" for the face: the eye line turned a quarter towards the top of the head.
  const up = { x: (right.y - left.y) / distance, y: -(right.x - left.x) / distance };
  const lift = FOREHEAD * distance;
  const brows = landmarks
    .slice(17, 27)
    .reverse()
    .map(({ x, y }) => ({ x: x + up.x * lift, y: y + up.y * lift }));
  return [...landmarks.slice(0, 17), ...brows];
}

/** 1 inside the polygon, 0 outside (even-odd rule, pixel centres), for a width x height image. */
export function rasterizePolygon(polygon: Point[], width: number, height: number): Uint8Array {
  const mask = new Uint8Array(width * height);
  const ys = polygon.map((point) => point.y);
  const top = Math.max(0, Math.floor(Math.min(...ys)));
  const bottom = Math.min(height - 1, Math.ceil(Math.max(...ys)));
  for (let y = top; y <= bottom; y += 1) {
    const centre = y + 0.5;
    const crossings: number[] = [];
    for (let i = 0; i < polygon.length; i += 1) {
      const a = polygon[i]!;
      const b = polygon[(i + 1) % polygon.length]!;
      if (a.y <= centre === b.y <= centre) continue;
      crossings.push(a.x + ((centre - a.y) / (b.y - a.y)) * (b.x - a.x));
    }
    crossings.sort((p, q) => p - q);
    for (let i = 0; i + 1 < crossings.length; i += 2) {
      const from = Math.max(0, Math.ceil(crossings[i]! - 0.5));
      const to = Math.min(width - 1, Math.floor(crossings[i + 1]! - 0.5));
      if (to >= from) mask.fill(1, y * width + from, y * width + to + 1);
    }
  }
  return mask;
}
