import { describe, expect, it } from 'vitest';
import { describeFaces, findFaces, type RgbImage } from '../src';
import { loadFaceApi } from './support/face-api-reference';
import { analysedPhoto, facePhotoPaths } from './support/photos';

/**
 * The face detector, landmark net and face-recognition net computed without tfjs must find what
 * face-api itself finds on the same weights: the photo checks' thresholds and the identity
 * scores' were measured with face-api's numbers. Only the order of float32 sums differs,
 * so the figures agree to a small fraction of a pixel (measured: 1e-4 px at most) and the
 * descriptors to far less than the 0.6 that tells people apart (measured: 1.5e-6 at most).
 */
/**
 * face-api's own faces of `image` at confidence 0.5, with landmarks and descriptors, most
 * confident first.
 */
async function faceApiFaces(image: RgbImage) {
  const faceapi = await loadFaceApi();
  const pixels = faceapi.tf.tensor3d(image.data, [image.height, image.width, 3], 'int32');
  try {
    const faces = await faceapi
      .detectAllFaces(pixels as never, new faceapi.SsdMobilenetv1Options({ minConfidence: 0.5 }))
      .withFaceLandmarks()
      .withFaceDescriptors();
    return faces.sort((a, b) => b.detection.score - a.detection.score);
  } finally {
    pixels.dispose();
  }
}

describe('face-net', { timeout: 300_000 }, () => {
  it('finds face-api’s faces, scores, boxes and landmarks on every test photo', async () => {
    let faces = 0;
    for (const path of facePhotoPaths()) {
      const image = await analysedPhoto(path);
      const expected = await faceApiFaces(image);
      const found = findFaces(image);
      expect(found.length, path).toBe(expected.length);
      for (const [index, face] of found.entries()) {
        const { detection, landmarks } = expected[index]!;
        expect(face.score, path).toBeCloseTo(detection.score, 5);
        for (const side of ['x', 'y', 'width', 'height'] as const) {
          expect(face.box[side], `${path} box ${side}`).toBeCloseTo(detection.box[side], 2);
        }
        for (const [at, point] of landmarks.positions.entries()) {
          expect(face.landmarks[at]!.x, `${path} landmark ${at}`).toBeCloseTo(point.x, 2);
          expect(face.landmarks[at]!.y, `${path} landmark ${at}`).toBeCloseTo(point.y, 2);
        }
        faces += 1;
      }
    }
    // The group photo's ten faces and one in each portrait.
    expect(faces).toBe(23);
  });

  it('gives every face of every test photo face-api’s descriptor', async () => {
    const faceapi = await loadFaceApi();
    let worst = 0;
    let faces = 0;
    for (const path of facePhotoPaths()) {
      const image = await analysedPhoto(path);
      const expected = await faceApiFaces(image);
      const described = describeFaces(image);
      expect(described.length, path).toBe(expected.length);
      for (const [index, face] of described.entries()) {
        const gap = faceapi.euclideanDistance(face.descriptor, expected[index]!.descriptor);
        expect(gap, `${path} face ${index}`).toBeLessThan(1e-3);
        worst = Math.max(worst, gap);
        faces += 1;
      }
    }
    expect(faces).toBe(23);
    console.log(`face-net: descriptors within ${worst.toExponential(2)} of face-api's`);
  });
});
