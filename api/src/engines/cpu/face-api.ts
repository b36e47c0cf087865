import type { DescribedFace, FaceFinding, RgbImage } from '@app/face-net';
import { faceWorker } from './face-worker';

// The shapes of faces and images are face-net's; the engine's image code takes them from here.
export type { DescribedFace, FaceFinding, Point, RgbImage } from '@app/face-net';

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

/**
 * The person probability per pixel of a SEGMENTATION_SIZE-square picture (`segmentationInput`),
 * in the face worker: for a caller on the api's event loop, which the network would block.
 */
export function segmentInFaceThread(square: RgbImage, signal?: AbortSignal): Promise<Float32Array> {
  return faceWorker.segment(square, signal);
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
