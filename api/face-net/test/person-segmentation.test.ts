import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { SEGMENTATION_SIZE, segmentPerson } from '../src';
import { selfieSegmentationFile } from '../src/person-segmentation';
import { readTflite } from '../src/tflite-model';

const LISA =
  process.env.FACES_DIR ??
  fileURLToPath(new URL('../../../testdata/faces/lisa_debruine/', import.meta.url));

/** A photo or its hand-labelled person mask, stretched to the network's square input. */
async function square(path: string, channels: 1 | 3): Promise<Uint8Array> {
  const image = sharp(readFileSync(path)).rotate().resize(SEGMENTATION_SIZE, SEGMENTATION_SIZE, {
    fit: 'fill',
  });
  const pixels = await (channels === 1 ? image.greyscale() : image.removeAlpha()).raw().toBuffer();
  return new Uint8Array(pixels);
}

describe('person segmentation', { timeout: 60_000 }, () => {
  it("reads MediaPipe's model from its package: one 256 × 256 RGB input, one mask out", () => {
    const model = readTflite(readFileSync(selfieSegmentationFile()));
    expect(model.tensors[model.inputs[0]!]!.shape).toEqual([1, 256, 256, 3]);
    expect(model.tensors[model.outputs[0]!]!.shape).toEqual([1, 256, 256, 1]);
    expect(model.operators).toHaveLength(246);
    expect(new Set(model.operators.map((op) => op.op))).toEqual(
      new Set([
        'ADD',
        'AVERAGE_POOL_2D',
        'CONV_2D',
        'DEPTHWISE_CONV_2D',
        'DEQUANTIZE',
        'LOGISTIC',
        'MUL',
        'RELU',
        'RESIZE_BILINEAR',
        'HARD_SWISH',
        'Convolution2DTransposeBias',
      ]),
    );
  });

  it('finds the person of each hand-labelled photo (IoU ≥ 0.9 at its 256 × 256 output)', async () => {
    for (const id of ['01', '02', '03', '04', '05', '06', '07', '08']) {
      const data = await square(join(LISA, `${id}.jpg`), 3);
      const truth = await square(join(LISA, 'person-masks', `${id}.png`), 1);
      const probability = segmentPerson({ data, width: 256, height: 256 });
      let both = 0;
      let either = 0;
      for (let at = 0; at < truth.length; at += 1) {
        const [ours, theirs] = [probability[at]! >= 0.5, truth[at]! >= 128];
        if (ours && theirs) both += 1;
        if (ours || theirs) either += 1;
      }
      expect(both / either, id).toBeGreaterThan(0.9);
    }
  });
});
