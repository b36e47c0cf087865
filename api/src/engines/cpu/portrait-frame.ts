import sharp from 'sharp';
import { eyeCentres } from './align-face';
import type { Point, RgbImage } from './face-api';

/**
 * The portrait frame: every training photo is warped so that its eyes sit on the same horizontal
 * line, UNIT pixels apart, their midpoint at EYES. Positions are given in eye distances from
 * that midpoint (x to the right, y down), the natural unit of a head: the chin is ~1.75 below
 * the eyes, the top of the head ~2 above, the shoulders ~3.3 to each side. The frame reaches
 * far enough for the head-and-shoulders framing of every aspect ratio (layout.ts).
 */
export const UNIT = 64;
const FRAME_EXTENT = { left: -4.5, right: 4.5, top: -3.25, bottom: 6.25 } as const;
export const FRAME_WIDTH = Math.round((FRAME_EXTENT.right - FRAME_EXTENT.left) * UNIT);
export const FRAME_HEIGHT = Math.round((FRAME_EXTENT.bottom - FRAME_EXTENT.top) * UNIT);
/** The eye midpoint in frame pixels. */
export const EYES: Point = { x: -FRAME_EXTENT.left * UNIT, y: -FRAME_EXTENT.top * UNIT };

/** Frame pixel -> eye distances. */
export const toUnits = (x: number, y: number): Point => ({
  x: (x + 0.5 - EYES.x) / UNIT,
  y: (y + 0.5 - EYES.y) / UNIT,
});

export interface FramedPhoto {
  image: RgbImage;
  /** 1 where the frame pixel lies inside the photo. */
  inside: Uint8Array;
  /** Per frame pixel: the nearest frame pixel inside the photo (itself when inside), or -1. */
  nearest: Int32Array;
  /** Per frame pixel inside the photo: how far the photo's edge is, in frame pixels (0 outside). */
  edge: Float32Array;
  /** The same to the photo's bottom edge alone, where a body cut off by the photo ends. */
  bottomEdge: Float32Array;
  /** The 68 landmarks in frame pixels. */
  landmarks: Point[];
  /** Where a frame pixel lies in the photo it was warped from. */
  mapping: FrameMapping;
}

/** How a photo maps into the portrait frame: its eye line and scale. */
interface FrameMapping {
  toPhoto(x: number, y: number): Point;
  toFrame(point: Point): Point;
  /** Photo pixels per eye distance. */
  eyeDistance: number;
}

export function frameMapping(landmarks: Point[]): FrameMapping {
  const { left, right } = eyeCentres(landmarks);
  const mid = { x: (left.x + right.x) / 2, y: (left.y + right.y) / 2 };
  const eyeDistance = Math.hypot(right.x - left.x, right.y - left.y);
  const ax = { x: (right.x - left.x) / eyeDistance, y: (right.y - left.y) / eyeDistance };
  const ay = { x: -ax.y, y: ax.x };
  const step = eyeDistance / UNIT;
  return {
    eyeDistance,
    toPhoto(x, y) {
      const u = (x - EYES.x) * step;
      const v = (y - EYES.y) * step;
      return { x: mid.x + u * ax.x + v * ay.x, y: mid.y + u * ax.y + v * ay.y };
    },
    toFrame({ x, y }) {
      const dx = x - mid.x;
      const dy = y - mid.y;
      return {
        x: EYES.x + (dx * ax.x + dy * ax.y) / step,
        y: EYES.y + (dx * ay.x + dy * ay.y) / step,
      };
    },
  };
}

/** The outermost photo pixels are left out: resampled and JPEG-coded edges are often darker. */
const PHOTO_MARGIN = 2;

/** Which frame pixels a photo of this size covers (1 = inside the photo). */
export function frameCoverage(width: number, height: number, mapping: FrameMapping): Uint8Array {
  const inside = new Uint8Array(FRAME_WIDTH * FRAME_HEIGHT);
  const [low, right, bottom] = [PHOTO_MARGIN, width - 1 - PHOTO_MARGIN, height - 1 - PHOTO_MARGIN];
  for (let y = 0; y < FRAME_HEIGHT; y += 1) {
    for (let x = 0; x < FRAME_WIDTH; x += 1) {
      const p = mapping.toPhoto(x, y);
      if (p.x >= low && p.y >= low && p.x <= right && p.y <= bottom)
        inside[y * FRAME_WIDTH + x] = 1;
    }
  }
  return inside;
}

/** Decodes a photo upright at about 1.3 frame units per eye distance (never enlarged). */
export async function decodeForFrame(data: Buffer, eyeDistance: number, width: number) {
  const factor = Math.min(1, (1.3 * UNIT) / eyeDistance);
  const { data: pixels, info } = await sharp(data)
    .rotate()
    .resize({ width: Math.max(1, Math.round(width * factor)) })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    image: { data: new Uint8Array(pixels), width: info.width, height: info.height },
    factor: info.width / width,
  };
}

/**
 * Warps a photo into the portrait frame (bilinear). The photo should already be about UNIT
 * pixels per eye distance or a little more: bilinear sampling does not filter a large reduction.
 */
export function framePhoto(photo: RgbImage, landmarks: Point[]): FramedPhoto {
  const mapping = frameMapping(landmarks);
  const inside = frameCoverage(photo.width, photo.height, mapping);
  const count = FRAME_WIDTH * FRAME_HEIGHT;
  const data = new Uint8Array(count * 3);
  const nearest = new Int32Array(count);
  const edge = new Float32Array(count);
  const bottomEdge = new Float32Array(count);
  const framePixels = UNIT / mapping.eyeDistance;
  const d = photo.data;
  const [low, right, bottom] = [
    PHOTO_MARGIN,
    photo.width - 1 - PHOTO_MARGIN,
    photo.height - 1 - PHOTO_MARGIN,
  ];
  for (let y = 0; y < FRAME_HEIGHT; y += 1) {
    for (let x = 0; x < FRAME_WIDTH; x += 1) {
      const at = y * FRAME_WIDTH + x;
      const p = mapping.toPhoto(x, y);
      if (!inside[at]) {
        // The photo is a rectangle: its nearest point is the clamped position (taken a little
        // inwards, so that rounding it to a frame pixel stays inside).
        const inset = 2;
        const clamped = {
          x: Math.min(right - inset, Math.max(low + inset, p.x)),
          y: Math.min(bottom - inset, Math.max(low + inset, p.y)),
        };
        const q = mapping.toFrame(clamped);
        const qx = Math.min(FRAME_WIDTH - 1, Math.max(0, Math.round(q.x)));
        const qy = Math.min(FRAME_HEIGHT - 1, Math.max(0, Math.round(q.y)));
        nearest[at] = inside[qy * FRAME_WIDTH + qx] ? qy * FRAME_WIDTH + qx : -1;
        continue;
      }
      nearest[at] = at;
      edge[at] = Math.min(p.x - low, p.y - low, right - p.x, bottom - p.y) * framePixels;
      bottomEdge[at] = (bottom - p.y) * framePixels;
      const x0 = Math.floor(p.x);
      const y0 = Math.floor(p.y);
      const x1 = Math.min(photo.width - 1, x0 + 1);
      const y1 = Math.min(photo.height - 1, y0 + 1);
      const fx = p.x - x0;
      const fy = p.y - y0;
      const p00 = (y0 * photo.width + x0) * 3;
      const p10 = (y0 * photo.width + x1) * 3;
      const p01 = (y1 * photo.width + x0) * 3;
      const p11 = (y1 * photo.width + x1) * 3;
      for (let c = 0; c < 3; c += 1) {
        data[at * 3 + c] = Math.round(
          (d[p00 + c]! * (1 - fx) + d[p10 + c]! * fx) * (1 - fy) +
            (d[p01 + c]! * (1 - fx) + d[p11 + c]! * fx) * fy,
        );
      }
    }
  }
  return {
    image: { data, width: FRAME_WIDTH, height: FRAME_HEIGHT },
    inside,
    nearest,
    edge,
    bottomEdge,
    landmarks: landmarks.map(mapping.toFrame),
    mapping,
  };
}

/**
 * A generic head-and-shoulders silhouette in eye distances, soft at its edge: where a person
 * most likely is. It guides the segmentation and stands in for the person where a photo ends
 * (a close selfie cuts off the shoulders).
 */
export function silhouette(u: number, v: number): number {
  const head = 1 - Math.hypot(u / HEAD.rx, (v - HEAD.cy) / HEAD.ry);
  const half = bodyHalfWidth(v);
  const body = half > 0 ? (half - Math.abs(u)) / 2 : -1;
  // About 0.15 eye distances of softness at the outline.
  return Math.min(1, Math.max(0, 0.5 + Math.max(head * 3.4, body * 3.4)));
}

export const HEAD = { cy: -0.3, rx: 1.5, ry: 1.85 } as const;

/** Half the body's width at height v: none above the chin, a neck, sloping shoulders, a chest. */
export function bodyHalfWidth(v: number): number {
  if (v < 1.3) return 0;
  if (v < 2.4) return 0.85;
  if (v < 3.7) {
    const t = (v - 2.4) / 1.3;
    return 0.85 + (3.4 - 0.85) * t * t * (3 - 2 * t);
  }
  return 3.4 + 0.08 * (v - 3.7);
}
