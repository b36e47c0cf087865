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

/**
 * How far a feature's outline reaches beyond its landmarks, in eye distances: the lids and lashes
 * and the lips' edges, which the landmarks only trace.
 */
const FEATURE_MARGIN = 0.15;

/** The landmarks of each feature that must not turn up twice: each eye, the nostrils, the mouth. */
const FEATURES: readonly (readonly [number, number])[] = [
  [36, 42],
  [42, 48],
  [31, 36],
  [48, 68],
];

/**
 * The outline of each of the face's features that a fill must not copy (an eye, the nostrils, the
 * mouth): the convex hull of its landmarks, pushed out from its centre by FEATURE_MARGIN eye
 * distances. An eye or a mouth copied elsewhere is what a viewer notices first; the skin and
 * brows between them stay sources.
 */
export function featureOutlines(landmarks: Point[]): Point[][] {
  const { left, right } = eyeCentres(landmarks);
  const margin = FEATURE_MARGIN * Math.hypot(right.x - left.x, right.y - left.y);
  return FEATURES.map(([from, to]) => {
    const hull = convexHull(landmarks.slice(from, to));
    const centre = {
      x: hull.reduce((sum, point) => sum + point.x, 0) / hull.length,
      y: hull.reduce((sum, point) => sum + point.y, 0) / hull.length,
    };
    return hull.map((point) => {
      const away = Math.hypot(point.x - centre.x, point.y - centre.y) || 1;
      return {
        x: point.x + ((point.x - centre.x) / away) * margin,
        y: point.y + ((point.y - centre.y) / away) * margin,
      };
    });
  });
}

/** The convex hull of `points` (Andrew's monotone chain). */
function convexHull(points: Point[]): Point[] {
  const sorted = [...points].sort((a, b) => a.x - b.x || a.y - b.y);
  const turn = (o: Point, a: Point, b: Point) =>
    (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
  const half = (ordered: Point[]) => {
    const chain: Point[] = [];
    for (const point of ordered) {
      while (chain.length >= 2 && turn(chain.at(-2)!, chain.at(-1)!, point) <= 0) chain.pop();
      chain.push(point);
    }
    chain.pop();
    return chain;
  };
  return [...half(sorted), ...half(sorted.reverse())];
}

/** 1 inside the polygon, 0 outside (even-odd rule, pixel centres), for a width x height image. */
export function rasterizePolygon(polygon: Point[], width: number, height: number): Uint8Array {
  const mask = new Uint8Array(width * height);
  fillPolygon(mask, polygon, width, height, 1);
  return mask;
}

/** Sets `value` inside the polygon in a width x height mask (the rule of `rasterizePolygon`). */
export function fillPolygon(
  mask: Uint8Array,
  polygon: Point[],
  width: number,
  height: number,
  value: number,
): void {
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
      if (to >= from) mask.fill(value, y * width + from, y * width + to + 1);
    }
  }
}
