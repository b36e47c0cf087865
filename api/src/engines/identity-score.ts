import { decodeForAnalysis } from './cpu/decode';
import { describeFaces, descriptorDistance } from './cpu/face-api';

/**
 * Identity score of an image against a model's reference descriptors: 1 - the mean descriptor
 * distance of its most confident face, clamped to 0..1. face-api's same-person threshold
 * (distance 0.6) is a score of 0.4. Null when the image has no face.
 */
export async function identityScore(
  image: Buffer,
  references: number[][],
  signal?: AbortSignal,
): Promise<number | null> {
  if (references.length === 0) return null;
  const { image: rgb } = await decodeForAnalysis(image);
  const [face] = await describeFaces(rgb, signal);
  if (!face) return null;
  const mean =
    references.reduce((sum, reference) => sum + descriptorDistance(face.descriptor, reference), 0) /
    references.length;
  return Math.round(Math.min(1, Math.max(0, 1 - mean)) * 1000) / 1000;
}

/**
 * A photo's most confident face as a list of references for `identityScore` (empty when it has
 * none): what a picture drawn from that one photo is scored against.
 */
export async function faceReferences(photo: Buffer, signal?: AbortSignal): Promise<number[][]> {
  const { image } = await decodeForAnalysis(photo);
  const [face] = await describeFaces(image, signal);
  return face ? [Array.from(face.descriptor)] : [];
}
