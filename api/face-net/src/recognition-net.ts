import { faceInput, type PixelBox } from './face-input';
import type { KernelMemory } from './kernels';
import {
  activation,
  averagePool,
  convolution,
  convolvedSize,
  fullyConnected,
  maxPool,
  type Activation,
  type Padding,
} from './layers';
import { readModelWeights, weight, weightValues, type Weight } from './model-weights';

/**
 * face-api's face-recognition net (`face_recognition_model`, dlib's ResNet-29) on its own
 * weights: the same input (the aligned face, padded square at the centre, 150 × 150, less
 * face-api's mean colour, / 255), convolutions with their scale layers, residual layers, pools
 * and fully connected layer as face-api's `FaceRecognitionNet.forwardInput`, computed by ./layers.
 */

const INPUT_SIZE = 150;

/** A convolution, its bias (in the kernels' memory) and the per-channel scale layer after it. */
interface ConvLayer {
  filters: Weight;
  kernel: number;
  bias: Float32Array;
  scale: Float32Array;
  offset: Float32Array;
}

interface ResidualLayer {
  conv1: ConvLayer;
  conv2: ConvLayer;
  /** A down-sampling layer: its first convolution halves the resolution, its shortcut pools. */
  down: boolean;
}

export interface RecognitionModel {
  memory: KernelMemory;
  first: ConvLayer;
  residuals: ResidualLayer[];
  /** [256, 128]: the pooled features to the descriptor. */
  fc: Weight;
}

/** The residual layers in face-api's order; the `_down` ones down-sample. */
const RESIDUAL_LAYERS = [
  'conv32_1',
  'conv32_2',
  'conv32_3',
  'conv64_down',
  'conv64_1',
  'conv64_2',
  'conv64_3',
  'conv128_down',
  'conv128_1',
  'conv128_2',
  'conv256_down',
  'conv256_1',
  'conv256_2',
  'conv256_down_out',
];

/** The face-recognition net's weights from face-api's model files, its biases in `memory`. */
export function loadRecognitionModel(memory: KernelMemory, dir?: string): RecognitionModel {
  const weights = readModelWeights('face_recognition_model', dir);
  const values = (name: string) => weightValues(weight(weights, name, 1));
  const convLayer = (prefix: string): ConvLayer => {
    const filters = weight(weights, `${prefix}/conv/filters`, 4);
    return {
      filters,
      kernel: filters.shape[0]!,
      bias: memory.copyOf(values(`${prefix}/conv/bias`)),
      scale: values(`${prefix}/scale/weights`),
      offset: values(`${prefix}/scale/biases`),
    };
  };
  return {
    memory,
    first: convLayer('conv32_down'),
    residuals: RESIDUAL_LAYERS.map((name) => ({
      conv1: convLayer(`${name}/conv1`),
      conv2: convLayer(`${name}/conv2`),
      down: name.includes('_down'),
    })),
    fc: weight(weights, 'fc', 2),
  };
}

/**
 * face-api's `convLayer`: the convolution plus its bias, then its scale layer (`× scale +
 * offset`, in JavaScript: the scale may be negative, so the kernel cannot clamp before it) and
 * the ReLU if asked for.
 */
function convLayer(
  memory: KernelMemory,
  x: Activation,
  layer: ConvLayer,
  stride: number,
  padding: Padding,
  relu: boolean,
): Activation {
  const { rows, columns } = convolvedSize(x, layer.kernel, stride, padding);
  const out = activation(memory, rows.out, columns.out, layer.bias.length);
  convolution(memory, x, layer.filters, layer.kernel, stride, out, { shift: layer.bias }, padding);
  const { data } = out;
  const channels = out.channels;
  for (let index = 0; index < data.length; index += 1) {
    const value = data[index]! * layer.scale[index % channels]! + layer.offset[index % channels]!;
    data[index] = relu && value < 0 ? 0 : value;
  }
  return out;
}

/** face-api's `residual`: two 3 × 3 convolutions, plus the input, rectified. */
function residual(memory: KernelMemory, x: Activation, layer: ResidualLayer): Activation {
  const inner = convLayer(memory, x, layer.conv1, 1, 'same', true);
  const out = convLayer(memory, inner, layer.conv2, 1, 'same', false);
  const { data } = out;
  for (let index = 0; index < data.length; index += 1) {
    const value = data[index]! + x.data[index]!;
    data[index] = value > 0 ? value : 0;
  }
  return out;
}

/**
 * face-api's `residualDown`: the first convolution at stride 2 ('valid'), and the input average
 * pooled 2 × 2 as the shortcut. Where the convolutions' output is a row and a column short of the
 * shortcut's, face-api pads it with zeros at the bottom and right; where it has more channels,
 * the shortcut's missing channels are zeros.
 */
function residualDown(memory: KernelMemory, x: Activation, layer: ResidualLayer): Activation {
  const inner = convLayer(memory, x, layer.conv1, 2, 'valid', true);
  const out = convLayer(memory, inner, layer.conv2, 1, 'same', false);
  const pooled = averagePool(memory, x, 2, 2);
  const padded = pooled.height !== out.height || pooled.width !== out.width;
  if (padded && (pooled.height !== out.height + 1 || pooled.width !== out.width + 1)) {
    throw new Error('recognition net: a shortcut of a size face-api does not pad to');
  }
  const sum = activation(memory, pooled.height, pooled.width, out.channels);
  for (let row = 0; row < sum.height; row += 1) {
    for (let column = 0; column < sum.width; column += 1) {
      const inside = row < out.height && column < out.width;
      for (let c = 0; c < sum.channels; c += 1) {
        const shortcut =
          c < pooled.channels
            ? pooled.data[(row * pooled.width + column) * pooled.channels + c]!
            : 0;
        const value = inside ? out.data[(row * out.width + column) * out.channels + c]! : 0;
        const total = shortcut + value;
        sum.data[(row * sum.width + column) * sum.channels + c] = total > 0 ? total : 0;
      }
    }
  }
  return sum;
}

/**
 * The 128-d descriptor of the face in `crop` (whole pixels of `image`): what face-api's
 * `computeFaceDescriptor` gives for that crop of the image.
 */
export function faceDescriptor(
  model: RecognitionModel,
  image: { data: ArrayLike<number>; height: number; width: number },
  crop: PixelBox,
): Float32Array {
  const { memory } = model;
  return memory.scoped(() => {
    const input = faceInput(memory, image, crop, INPUT_SIZE);
    let x = convLayer(memory, input, model.first, 2, 'valid', true);
    x = maxPool(memory, x, 3, 2);
    for (const layer of model.residuals) {
      x = layer.down ? residualDown(memory, x, layer) : residual(memory, x, layer);
    }
    // tfjs' `mean(x, [1, 2])` of the last layer's square output: one window as large as it.
    if (x.height !== x.width) throw new Error('recognition net: the last layer is not square');
    return fullyConnected(memory, averagePool(memory, x, x.width, 1), model.fc);
  });
}
