import { faceInput, type PixelBox } from './face-input';
import type { KernelMemory } from './kernels';
import {
  activation,
  averagePool,
  convolution,
  convolvedSize,
  fullyConnected,
  depthwise,
  pointwise,
  type Activation,
} from './layers';
import { readModelWeights, weight, weightValues, type Weight } from './model-weights';

/**
 * face-api's 68-point landmark net (`face_landmark_68_model`) on its own weights: the same input
 * (the face's box, padded square at the centre, 112 × 112, less face-api's mean colour, / 255),
 * dense blocks, pooling, fully connected layer and mapping back to the box as face-api's
 * `FaceLandmark68Net.detectLandmarks`, computed by ./layers.
 */

const INPUT_SIZE = 112;

interface SeparableConv {
  depthwise: Weight;
  pointwise: Weight;
  bias: Float32Array;
}

interface DenseBlock {
  /** The first block starts with a full 3 × 3 convolution, the others with a separable one. */
  first: { filters: Weight; bias: Float32Array } | SeparableConv;
  rest: [SeparableConv, SeparableConv, SeparableConv];
}

export interface LandmarkModel {
  memory: KernelMemory;
  blocks: DenseBlock[];
  fc: { weights: Weight; bias: Float32Array };
}

/** The landmark net's weights from face-api's model files, its biases in `memory`. */
export function loadLandmarkModel(memory: KernelMemory, dir?: string): LandmarkModel {
  const weights = readModelWeights('face_landmark_68_model', dir);
  const bias = (name: string) => memory.copyOf(weightValues(weight(weights, name, 1)));
  const separable = (prefix: string): SeparableConv => ({
    depthwise: weight(weights, `${prefix}/depthwise_filter`, 4),
    pointwise: weight(weights, `${prefix}/pointwise_filter`, 4),
    bias: bias(`${prefix}/bias`),
  });
  const blocks = [0, 1, 2, 3].map((index): DenseBlock => {
    const prefix = `dense${index}`;
    return {
      first:
        index === 0
          ? {
              filters: weight(weights, `${prefix}/conv0/filters`, 4),
              bias: bias(`${prefix}/conv0/bias`),
            }
          : separable(`${prefix}/conv0`),
      rest: [
        separable(`${prefix}/conv1`),
        separable(`${prefix}/conv2`),
        separable(`${prefix}/conv3`),
      ],
    };
  });
  return {
    memory,
    blocks,
    fc: { weights: weight(weights, 'fc/weights', 2), bias: bias('fc/bias') },
  };
}

/** tfjs' `separableConv2d` with 'same' padding, then the bias. */
function separableConv(memory: KernelMemory, x: Activation, conv: SeparableConv, stride: number) {
  const { rows, columns } = convolvedSize(x, 3, stride);
  const between = activation(memory, rows.out, columns.out, x.channels);
  depthwise(memory, x, conv.depthwise, stride, between, {});
  const out = activation(memory, rows.out, columns.out, conv.bias.length);
  pointwise(memory, between, conv.pointwise, out, { shift: conv.bias });
  return out;
}

/** The element-wise sum of activations of one size, its negatives set to 0 (tf.relu). */
function reluOfSum(memory: KernelMemory, ...terms: Activation[]): Activation {
  const [first] = terms as [Activation];
  const out = activation(memory, first.height, first.width, first.channels);
  const sum = out.data;
  // face-api adds from the last term back: out1 + (out2 + (out3 + out4)).
  for (let index = 0; index < sum.length; index += 1) {
    let value = 0;
    for (let term = terms.length - 1; term >= 0; term -= 1)
      value = terms[term]!.data[index]! + value;
    sum[index] = value > 0 ? value : 0;
  }
  return out;
}

/** face-api's `denseBlock4`: four convolutions, each fed the rectified sum of those before. */
function denseBlock(memory: KernelMemory, x: Activation, block: DenseBlock): Activation {
  let out1: Activation;
  if ('filters' in block.first) {
    const { rows, columns } = convolvedSize(x, 3, 2);
    out1 = activation(memory, rows.out, columns.out, block.first.bias.length);
    convolution(memory, x, block.first.filters, 3, 2, out1, { shift: block.first.bias, min: 0 });
  } else {
    out1 = reluOfSum(memory, separableConv(memory, x, block.first, 2));
  }
  const out2 = separableConv(memory, out1, block.rest[0], 1);
  const out3 = separableConv(memory, reluOfSum(memory, out1, out2), block.rest[1], 1);
  const out4 = separableConv(memory, reluOfSum(memory, out1, out2, out3), block.rest[2], 1);
  return reluOfSum(memory, out1, out2, out3, out4);
}

/**
 * The 68 landmarks of the face in `crop` (whole pixels of `image`), as [x, y] relative to the
 * crop (0..1), as face-api's landmark net finds them.
 */
export function faceLandmarks(
  model: LandmarkModel,
  image: { data: ArrayLike<number>; height: number; width: number },
  crop: PixelBox,
): Float32Array {
  const { memory } = model;
  const side = Math.max(crop.width, crop.height);
  const out = memory.scoped(() => {
    let x = faceInput(memory, image, crop, INPUT_SIZE);
    for (const block of model.blocks) x = denseBlock(memory, x, block);
    // The last block's 7 × 7 output pooled to one pixel.
    return fullyConnected(memory, averagePool(memory, x, 7, 2), model.fc.weights, model.fc.bias);
  });
  // From the padded square back to the crop: face-api's `postProcess`.
  const scale = INPUT_SIZE / side;
  const width = crop.width * scale;
  const height = crop.height * scale;
  const padX = width < height ? Math.abs(width - height) / 2 : 0;
  const padY = height < width ? Math.abs(width - height) / 2 : 0;
  const landmarks = new Float32Array(out.length);
  for (let index = 0; index < out.length; index += 2) {
    landmarks[index] = (out[index]! * INPUT_SIZE - padX) / width;
    landmarks[index + 1] = (out[index + 1]! * INPUT_SIZE - padY) / height;
  }
  return landmarks;
}
