import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeForAnalysis } from '../../src/engines/cpu/decode';
import { loadRecognitionNet } from '../../src/engines/cpu/face-detection';
import { findFaces } from '../../src/engines/cpu/face-net/find-faces';
import { faceApiModelsDir } from '../../src/engines/cpu/face-net/model-weights';
import { facePhotoPaths } from '../support/images';

/**
 * The face detector and landmark net computed without tfjs (face-net/) must find what face-api
 * itself finds on the same weights: the photo checks' thresholds were measured with face-api's
 * numbers. Only the order of float32 sums differs, so the figures agree to a small fraction of a
 * pixel (measured: 1e-4 px at most).
 */
describe('face-net', { timeout: 300_000 }, () => {
  it('finds face-api’s faces, scores, boxes and landmarks on every test photo', async () => {
    const faceapi = await loadRecognitionNet();
    await faceapi.nets.ssdMobilenetv1.loadFromDisk(faceApiModelsDir());
    await faceapi.nets.faceLandmark68Net.loadFromDisk(faceApiModelsDir());
    let faces = 0;
    for (const path of facePhotoPaths()) {
      const { image } = await decodeForAnalysis(readFileSync(path));
      const pixels = faceapi.tf.tensor3d(image.data, [image.height, image.width, 3], 'int32');
      const expected = (
        await faceapi
          .detectAllFaces(
            pixels as never,
            new faceapi.SsdMobilenetv1Options({ minConfidence: 0.5 }),
          )
          .withFaceLandmarks()
      ).sort((a, b) => b.detection.score - a.detection.score);
      pixels.dispose();

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
});
