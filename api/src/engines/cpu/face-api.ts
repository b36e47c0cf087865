import { faceWorker } from './face-worker';

export interface Point {
  x: number;
  y: number;
}

/** A face found: where it is and its landmarks (what the photo checks and edits use). */
export interface FaceFinding {
  box: { x: number; y: number; width: number; height: number };
  score: number;
  /** The 68 landmarks (iBUG order), in the analysed image's pixels. */
  landmarks: Point[];
}

/** A face found with its identity: what trainings and identity scores compare. */
export interface DescribedFace extends FaceFinding {
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
 * Every face with its landmarks, most confident first. Runs in this thread's face worker
 * (face-worker.ts), so the memory it takes is given back after a burst of checks. Without
 * descriptors the face-recognition net is not loaded.
 */
export function detectFaces(image: RgbImage, signal?: AbortSignal): Promise<FaceFinding[]> {
  return faceWorker.detect(image, signal);
}

/** `detectFaces`, each face with its descriptor too (the same boxes and landmarks). */
export function describeFaces(image: RgbImage, signal?: AbortSignal): Promise<DescribedFace[]> {
  return faceWorker.describe(image, signal);
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
