import type { AspectRatio } from '@app/shared/spec';
import type { Point } from './face-api';

/** Output sizes: the short side is 512 px for every aspect ratio. */
export const OUTPUT_SIZES: Record<AspectRatio, { width: number; height: number }> = {
  '1:1': { width: 512, height: 512 },
  '4:5': { width: 512, height: 640 },
  '16:9': { width: 912, height: 512 },
  '9:16': { width: 512, height: 912 },
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

/**
 * Head-and-shoulders framing: the eyes on the upper third line, centred. The head is sized to
 * the short side (room above the hair, the chest at the bottom); a tall frame enlarges the
 * person so the picture still ends at the chest rather than in empty space below it.
 */
export function portraitLayout(aspectRatio: AspectRatio): Layout {
  const { width, height } = OUTPUT_SIZES[aspectRatio];
  const eyes = { x: width / 2, y: height / 3 };
  // 8 eye distances across the short side; at most 6 from the eyes down to the bottom edge.
  const scale = Math.max(Math.min(width, height) / 8, (height - eyes.y) / 6);
  return { width, height, scale, eyes };
}
