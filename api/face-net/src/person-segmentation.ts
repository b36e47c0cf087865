import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { RgbImage } from './faces';
import { KernelMemory } from './kernels';
import { convolution, samePadding, type Activation } from './layers';
import type { Weight } from './model-weights';
import { readTflite, type TfliteModel, type TfliteOperator } from './tflite-model';

/**
 * MediaPipe's selfie segmentation (the general 256 × 256 model that `@mediapipe/selfie_segmentation`
 * ships, Apache-2.0), run operator by operator from its `.tflite` file: 1 × 1 and 3 × 3 depthwise
 * convolutions on the WebAssembly kernels, the few other operators (squeeze-and-excite, hard
 * swish, bilinear upsampling, the final transposed convolution) in plain loops. Activations are
 * plain arrays dropped after their last reader, so a run holds a few MB besides the kernels'.
 */

export const SEGMENTATION_SIZE = 256;

const require = createRequire(import.meta.url);

/** The model file, read from its package (nothing is fetched). */
export const selfieSegmentationFile = () =>
  join(
    dirname(require.resolve('@mediapipe/selfie_segmentation/package.json')),
    'selfie_segmentation.tflite',
  );

/** The kernels' memory: a layer's input, filters and output (the largest is ~3 MB), and patches. */
const MEMORY_BYTES = 8 * 1024 * 1024;

interface SegmentationNet {
  model: TfliteModel;
  memory: KernelMemory;
}

let net: SegmentationNet | undefined;

function segmentationNet(): SegmentationNet {
  net ??= {
    model: readTflite(readFileSync(selfieSegmentationFile())),
    memory: new KernelMemory(MEMORY_BYTES),
  };
  return net;
}

/**
 * Per pixel of a 256 × 256 RGB image, the probability (0..1) that it shows a person. Callers
 * stretch their picture to the square, as MediaPipe does.
 */
export function segmentPerson(image: RgbImage): Float32Array {
  if (image.width !== SEGMENTATION_SIZE || image.height !== SEGMENTATION_SIZE)
    throw new Error(`segmentPerson: a ${SEGMENTATION_SIZE} × ${SEGMENTATION_SIZE} image`);
  const { model, memory } = segmentationNet();
  const values: (Float32Array | Int32Array | undefined)[] = model.tensors.map((t) => t.values);
  const lastRead = new Map<number, number>();
  model.operators.forEach((op, index) => op.inputs.forEach((input) => lastRead.set(input, index)));
  // The model takes RGB in 0..1.
  const input = new Float32Array(image.data.length);
  for (let at = 0; at < input.length; at += 1) input[at] = image.data[at]! / 255;
  values[model.inputs[0]!] = input;
  for (const [index, op] of model.operators.entries()) {
    values[op.outputs[0]!] = run(model, memory, op, values);
    for (const input of op.inputs) {
      if (lastRead.get(input) === index && !model.tensors[input]!.values) values[input] = undefined;
    }
  }
  return values[model.outputs[0]!] as Float32Array;
}

/** [1, height, width, channels] of tensor `index`. */
function shapeOf(model: TfliteModel, index: number) {
  const [, height = 1, width = 1, channels = 1] = model.tensors[index]!.shape;
  return { height, width, channels };
}

/** The clamp of a fused activation (schema.fbs: 1 RELU, 3 RELU6). */
function clamp(activation = 0): [number, number] {
  if (activation === 1) return [0, Infinity];
  if (activation === 3) return [0, 6];
  if (activation === 0) return [-Infinity, Infinity];
  throw new Error(`segmentation: fused activation ${activation} is not supported`);
}

function run(
  model: TfliteModel,
  memory: KernelMemory,
  op: TfliteOperator,
  values: (Float32Array | Int32Array | undefined)[],
): Float32Array {
  const input = (k: number) => values[op.inputs[k]!] as Float32Array;
  const x = input(0);
  const inShape = shapeOf(model, op.inputs[0]!);
  const outShape = shapeOf(model, op.outputs[0]!);
  switch (op.op) {
    case 'DEQUANTIZE':
      return Float32Array.from(x);
    case 'RELU':
    case 'RELU6':
    case 'LOGISTIC':
    case 'HARD_SWISH':
      return elementwise(x, op.op);
    case 'ADD':
    case 'MUL':
      return broadcast(x, input(1), op.op === 'ADD', clamp(op.options.activation));
    case 'AVERAGE_POOL_2D':
      return globalMean(x, inShape, op);
    case 'RESIZE_BILINEAR':
      return resizeBilinear(x, inShape, outShape, op.options.halfPixelCenters === 1);
    case 'CONV_2D':
      return conv(memory, x, inShape, outShape, model.tensors[op.inputs[1]!]!.shape, op, values);
    case 'DEPTHWISE_CONV_2D':
      return depthwiseConv(memory, x, inShape, outShape, model, op, values);
    case 'Convolution2DTransposeBias':
      return transposeConv(x, inShape, outShape, model, op, values);
    default:
      throw new Error(`segmentation: operator ${op.op} is not supported`);
  }
}

function elementwise(x: Float32Array, op: 'RELU' | 'RELU6' | 'LOGISTIC' | 'HARD_SWISH') {
  const out = new Float32Array(x.length);
  const n = x.length;
  if (op === 'RELU') for (let at = 0; at < n; at += 1) out[at] = Math.max(0, x[at]!);
  else if (op === 'RELU6')
    for (let at = 0; at < n; at += 1) out[at] = Math.min(6, Math.max(0, x[at]!));
  else if (op === 'LOGISTIC')
    for (let at = 0; at < n; at += 1) out[at] = 1 / (1 + Math.exp(-x[at]!));
  else
    for (let at = 0; at < n; at += 1) out[at] = (x[at]! * Math.min(6, Math.max(0, x[at]! + 3))) / 6;
  return out;
}

/** a ∘ b, b either of a's shape or one value per channel. */
function broadcast(
  a: Float32Array,
  b: Float32Array,
  add: boolean,
  [min, max]: [number, number],
): Float32Array {
  const out = new Float32Array(a.length);
  const period = b.length;
  for (let start = 0; start < a.length; start += period) {
    for (let k = 0; k < period; k += 1) {
      const v = add ? a[start + k]! + b[k]! : a[start + k]! * b[k]!;
      out[start + k] = Math.min(max, Math.max(min, v));
    }
  }
  return out;
}

/** An average pool whose window is the whole input: each channel's mean. */
function globalMean(
  x: Float32Array,
  { height, width, channels }: { height: number; width: number; channels: number },
  op: TfliteOperator,
): Float32Array {
  if (op.options.filterH !== height || op.options.filterW !== width)
    throw new Error('segmentation: only whole-input average pools are supported');
  const out = new Float32Array(channels);
  for (let at = 0; at < x.length; at += 1) out[at % channels]! += x[at]!;
  return out.map((sum) => sum / (height * width));
}

type Shape = { height: number; width: number; channels: number };

/** TFLite's RESIZE_BILINEAR without corner alignment. */
function resizeBilinear(x: Float32Array, from: Shape, to: Shape, halfPixel: boolean) {
  const out = new Float32Array(to.height * to.width * to.channels);
  const source = (o: number, scale: number) => (halfPixel ? (o + 0.5) * scale - 0.5 : o * scale);
  const sy = from.height / to.height;
  const sx = from.width / to.width;
  const { channels } = from;
  for (let y = 0; y < to.height; y += 1) {
    const fy = source(y, sy);
    const y0 = Math.max(0, Math.floor(fy));
    const y1 = Math.min(from.height - 1, Math.ceil(fy));
    const ly = fy - Math.floor(fy);
    for (let xo = 0; xo < to.width; xo += 1) {
      const fx = source(xo, sx);
      const x0 = Math.max(0, Math.floor(fx));
      const x1 = Math.min(from.width - 1, Math.ceil(fx));
      const lx = fx - Math.floor(fx);
      const [p00, p01] = [(y0 * from.width + x0) * channels, (y0 * from.width + x1) * channels];
      const [p10, p11] = [(y1 * from.width + x0) * channels, (y1 * from.width + x1) * channels];
      const to0 = (y * to.width + xo) * channels;
      for (let c = 0; c < channels; c += 1) {
        const top = x[p00 + c]! + (x[p01 + c]! - x[p00 + c]!) * lx;
        const bottom = x[p10 + c]! + (x[p11 + c]! - x[p10 + c]!) * lx;
        out[to0 + c] = top + (bottom - top) * ly;
      }
    }
  }
  return out;
}

/** TFLite's [out, kh, kw, in] filters as face-net's [kh, kw, in, out] weight. */
function hwioWeight(values: Float32Array, [out, kh, kw, inner]: number[]): Weight {
  return {
    shape: [kh!, kw!, inner!, out!],
    size: values.length,
    writeInto(target) {
      const taps = kh! * kw! * inner!;
      for (let o = 0; o < out!; o += 1)
        for (let k = 0; k < taps; k += 1) target[k * out! + o] = values[o * taps + k]!;
    },
  };
}

function conv(
  memory: KernelMemory,
  x: Float32Array,
  inShape: Shape,
  outShape: Shape,
  filterShape: number[],
  op: TfliteOperator,
  values: (Float32Array | Int32Array | undefined)[],
): Float32Array {
  const [, kh, kw] = filterShape;
  const { strideH, strideW, padding, activation } = op.options;
  if (kh !== kw || strideH !== strideW)
    throw new Error('segmentation: only square convolutions are supported');
  const [min, max] = clamp(activation);
  return memory.scoped(() => {
    const input: Activation = { data: memory.copyOf(x), ...inShape };
    const out: Activation = {
      data: memory.floats(outShape.height * outShape.width * outShape.channels),
      ...outShape,
    };
    const weight = hwioWeight(values[op.inputs[1]!] as Float32Array, filterShape);
    const shift = memory.copyOf(values[op.inputs[2]!] as Float32Array);
    convolution(
      memory,
      input,
      weight,
      kh!,
      strideH!,
      out,
      { shift, min, max },
      padding === 1 ? 'valid' : 'same',
    );
    return out.data.slice();
  });
}

function depthwiseConv(
  memory: KernelMemory,
  x: Float32Array,
  inShape: Shape,
  outShape: Shape,
  model: TfliteModel,
  op: TfliteOperator,
  values: (Float32Array | Int32Array | undefined)[],
): Float32Array {
  const [, kh, kw] = model.tensors[op.inputs[1]!]!.shape;
  const { strideH, strideW, padding, depthMultiplier, activation } = op.options;
  if (kh !== kw || strideH !== strideW || depthMultiplier !== 1 || padding !== 0)
    throw new Error('segmentation: only square, same-padded depthwise convolutions are supported');
  const filters = values[op.inputs[1]!] as Float32Array;
  const bias = values[op.inputs[2]!] as Float32Array;
  const [min, max] = clamp(activation);
  if (kh === 3) {
    return memory.scoped(() => {
      const out = memory.floats(outShape.height * outShape.width * outShape.channels);
      memory.depthwise(
        memory.copyOf(x),
        memory.copyOf(filters),
        memory.floats(inShape.channels, 1),
        memory.copyOf(bias),
        out,
        {
          ...inShape,
          outHeight: outShape.height,
          outWidth: outShape.width,
          stride: strideH!,
          top: samePadding(inShape.height, 3, strideH!).before,
          left: samePadding(inShape.width, 3, strideW!).before,
        },
        min,
        max,
      );
      return out.slice();
    });
  }
  // Other sizes (5 × 5 here) only run on small maps: plain loops.
  const size = kh!;
  const top = samePadding(inShape.height, size, strideH!).before;
  const left = samePadding(inShape.width, size, strideW!).before;
  const { channels } = inShape;
  const out = new Float32Array(outShape.height * outShape.width * channels);
  for (let oy = 0; oy < outShape.height; oy += 1) {
    for (let ox = 0; ox < outShape.width; ox += 1) {
      const at = (oy * outShape.width + ox) * channels;
      for (let c = 0; c < channels; c += 1) out[at + c] = bias[c]!;
      for (let ky = 0; ky < size; ky += 1) {
        const iy = oy * strideH! - top + ky;
        if (iy < 0 || iy >= inShape.height) continue;
        for (let kx = 0; kx < size; kx += 1) {
          const ix = ox * strideW! - left + kx;
          if (ix < 0 || ix >= inShape.width) continue;
          const from = (iy * inShape.width + ix) * channels;
          const tap = (ky * size + kx) * channels;
          for (let c = 0; c < channels; c += 1) out[at + c]! += x[from + c]! * filters[tap + c]!;
        }
      }
      for (let c = 0; c < channels; c += 1)
        out[at + c] = Math.min(max, Math.max(min, out[at + c]!));
    }
  }
  return out;
}

/**
 * MediaPipe's Convolution2DTransposeBias ([out, kh, kw, in] filters, then the bias), with its
 * stored padding (1 same, 2 valid) and strides.
 */
function transposeConv(
  x: Float32Array,
  inShape: Shape,
  outShape: Shape,
  model: TfliteModel,
  op: TfliteOperator,
  values: (Float32Array | Int32Array | undefined)[],
): Float32Array {
  const view = new DataView(op.custom!.buffer, op.custom!.byteOffset, op.custom!.byteLength);
  const [padding, strideW, strideH] = [0, 4, 8].map((offset) => view.getInt32(offset, true));
  const [outChannels, kh, kw, inner] = model.tensors[op.inputs[1]!]!.shape as number[];
  const filters = values[op.inputs[1]!] as Float32Array;
  const bias = values[op.inputs[2]!] as Float32Array;
  const before = (size: number, outSize: number, kernel: number, stride: number) =>
    padding === 1 ? Math.floor(Math.max(0, (size - 1) * stride + kernel - outSize) / 2) : 0;
  const top = before(inShape.height, outShape.height, kh!, strideH!);
  const left = before(inShape.width, outShape.width, kw!, strideW!);
  const out = new Float32Array(outShape.height * outShape.width * outChannels!);
  for (let at = 0; at < out.length; at += 1) out[at] = bias[at % outChannels!]!;
  for (let y = 0; y < inShape.height; y += 1) {
    for (let xi = 0; xi < inShape.width; xi += 1) {
      const from = (y * inShape.width + xi) * inner!;
      for (let ky = 0; ky < kh!; ky += 1) {
        const oy = y * strideH! + ky - top;
        if (oy < 0 || oy >= outShape.height) continue;
        for (let kx = 0; kx < kw!; kx += 1) {
          const ox = xi * strideW! + kx - left;
          if (ox < 0 || ox >= outShape.width) continue;
          for (let o = 0; o < outChannels!; o += 1) {
            const tap = ((o * kh! + ky) * kw! + kx) * inner!;
            let sum = 0;
            for (let c = 0; c < inner!; c += 1) sum += x[from + c]! * filters[tap + c]!;
            out[(oy * outShape.width + ox) * outChannels! + o]! += sum;
          }
        }
      }
    }
  }
  return out;
}
