import { faceWorker } from './face-worker';

export interface Point {
  x: number;
  y: number;
}

export interface FaceFinding {
  box: { x: number; y: number; width: number; height: number };
  score: number;
  /** The 68 landmarks (iBUG order), in the analysed image's pixels. */
  landmarks: Point[];
  /** 128-d face-recognition embedding; same person when the distance is below 0.6. */
  descriptor: Float32Array;
}

/** Raw interleaved RGB. */
export interface RgbImage {
  data: Uint8Array;
  width: number;
  height: number;
}

/**
 * Every face with its landmarks and descriptor, most confident first. Runs in this thread's face
 * worker (face-worker.ts), so tfjs' memory is given back after a burst of checks.
 */
export function detectFaces(image: RgbImage, signal?: AbortSignal): Promise<FaceFinding[]> {
  return faceWorker.detect(image, signal);
}

/** Euclidean distance of two descriptors (face-api's measure; < 0.6 = same person). */
export function descriptorDistance(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let sum = 0;
  for (let index = 0; index < a.length; index += 1) {
    const difference = (a[index] ?? 0) - (b[index] ?? 0);
    sum += difference * difference;
  }
  return Math.sqrt(sum);
}
