import type { AspectRatio } from '@app/shared/spec';
import type { Point } from './face-api';
import { seededRandom } from './random';

/**
 * Output sizes: as large as the portrait frame holds (UNIT pixels per eye distance) at the
 * framing below, so no image is an enlargement of its photos: a short side of 512 px, or for
 * the tall ratios a long side of 576 px (6 eye distances below the eyes on the upper third).
 */
export const OUTPUT_SIZES: Record<AspectRatio, { width: number; height: number }> = {
  '1:1': { width: 512, height: 512 },
  '4:5': { width: 460, height: 576 },
  '16:9': { width: 912, height: 512 },
  '9:16': { width: 324, height: 576 },
  '3:2': { width: 768, height: 512 },
  '5:4': { width: 640, height: 512 },
};

export interface Layout {
  width: number;
  height: number;
  /** Output pixels per eye distance: the person's size. */
  scale: number;
  /** Where the midpoint of the eyes goes. */
  eyes: Point;
}

/** A seed's framing of the person: how close and how far off the centre line. */
export interface Pose {
  /** The person's size relative to the standard framing. */
  zoom: number;
  /** Horizontal offset of the eyes, as a share of the width. */
  shift: number;
}

export const CENTRED: Pose = { zoom: 1, shift: 0 };

/**
 * The seed's pose: up to an eighth farther (never closer: that would enlarge the portrait frame
 * past the pixels it holds), a little left or right of centre.
 */
export function poseFor(seed: number): Pose {
  const random = seededRandom(seed ^ 0x2c1b3c6d);
  return { zoom: 1 - 0.12 * random(), shift: 0.05 * (random() - 0.5) };
}

/**
 * Head-and-shoulders framing: the eyes on the upper third line, near the centre. The head is
 * sized to the short side (room above the hair, the chest at the bottom); in a tall frame, to
 * the height below the eyes, so the picture still ends at the chest rather than in empty space.
 */
export function portraitLayout(aspectRatio: AspectRatio, pose: Pose = CENTRED): Layout {
  const { width, height } = OUTPUT_SIZES[aspectRatio];
  const eyes = { x: width * (0.5 + pose.shift), y: height / 3 };
  // 8 eye distances across the short side; at most 6 from the eyes down to the bottom edge.
  const scale = Math.max(Math.min(width, height) / 8, (height - eyes.y) / 6) * pose.zoom;
  return { width, height, scale, eyes };
}
