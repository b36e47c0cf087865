import type * as Tf from '@tensorflow/tfjs';
import { describe, expect, it } from 'vitest';
import { decodeForAnalysis } from '../../src/engines/cpu/decode';
import { loadFaceApi } from '../../src/engines/cpu/face-detection';
import { subjectPhoto } from '../support/images';

/**
 * The face detector run layer by layer (ssd-in-steps.ts) must find exactly what face-api's own
 * forward pass finds: the photo checks' thresholds were measured with face-api's numbers.
 */
describe('SSD MobileNet in steps', { timeout: 120_000 }, () => {
  it('gives the very boxes and scores of face-api’s own forward pass, and keeps no tensor', async () => {
    const faceapi = await loadFaceApi();
    const tf = faceapi.tf as unknown as typeof Tf;
    const detector = faceapi.nets.ssdMobilenetv1;
    const facesOwn = faceapi.SsdMobilenetv1.prototype.forwardInput;
    expect(detector.forwardInput).not.toBe(facesOwn);
    for (const [subject, file] of [
      ['_hard_cases', '01_group_obama_biden_situation_room.jpg'],
      ['lisa_debruine', '02.jpg'],
    ] as const) {
      const { image } = await decodeForAnalysis(subjectPhoto(subject, file));
      const pixels = tf.tensor3d(image.data, [image.height, image.width, 3], 'int32');
      const input = await faceapi.toNetInput(pixels as never);
      const tensorsBefore = tf.memory().numTensors;
      const inSteps = detector.forwardInput(input);
      expect(tf.memory().numTensors).toBe(tensorsBefore + 2);
      const own = facesOwn.call(detector, input);
      expect(inSteps.boxes[0]!.shape).toEqual(own.boxes[0]!.shape);
      expect(inSteps.boxes[0]!.dataSync()).toEqual(own.boxes[0]!.dataSync());
      expect(inSteps.scores[0]!.dataSync()).toEqual(own.scores[0]!.dataSync());
      for (const tensor of [...inSteps.boxes, ...inSteps.scores, ...own.boxes, ...own.scores]) {
        tensor.dispose();
      }
      pixels.dispose();
    }
  });
});
