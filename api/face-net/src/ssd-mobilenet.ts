import type { KernelMemory } from './kernels';
import {
  activation,
  convolution,
  convolvedSize,
  depthwise,
  pointwise,
  resizePaddedBilinear,
  type Activation,
} from './layers';
import { readModelWeights, weight, weightValues, type Weight } from './model-weights';

/**
 * face-api's face detector, SSD MobileNet v1 (`ssd_mobilenetv1_model`), on its own weights:
 * the same layers, input scaling, box decoding and non-maximum suppression as face-api's
 * `SsdMobilenetv1.locateFaces`, computed by ./layers instead of tfjs. What a detection keeps is
 * the quantised weights (~6 MB), the input and two buffers of the largest activation (~17 MB
 * each); the rest it takes from the kernels' memory and gives back.
 */

/** face-api's fixed input: a 512 × 512 square. */
const INPUT_SIZE = 512;
/** face-api's batch-norm epsilon (its float32 value of 1e-3). */
const BATCH_NORM_EPSILON = 0.0010000000474974513;
/** The backbone layers whose depthwise convolution halves the resolution. */
const DOWNSAMPLING_LAYERS = new Set([2, 4, 6, 12]);
/** The backbone layer whose output the first box predictor reads. */
const FEATURE_LAYER = 11;
/** The largest activation: layer 1's output, 256 × 256 × 64. */
const LARGEST_ACTIVATION = 256 * 256 * 64;
/** face-api's defaults for `detectAllFaces`' suppression. */
const IOU_THRESHOLD = 0.5;
const MAX_RESULTS = 100;

/** What the detector keeps in the kernels' memory between detections, in bytes (with room). */
export const SSD_MEMORY_BYTES =
  (INPUT_SIZE * INPUT_SIZE * 3 + 2 * LARGEST_ACTIVATION) * 4 + (1 << 20);

/** A convolution's filters with the epilogue folded from its batch norm or bias. */
interface Layer {
  filters: Weight;
  kernel: number;
  scale?: Float32Array;
  shift: Float32Array;
}

interface Predictor {
  boxes: Layer;
  classes: Layer;
}

export interface SsdModel {
  memory: KernelMemory;
  backbone: { first: Layer; pairs: { depthwise: Layer; pointwise: Layer }[] };
  extras: Layer[];
  predictors: Predictor[];
  /** The anchors, [anchors, 4] as [top, left, bottom, right] of the unit square. */
  anchors: Float32Array;
  /** The scaled input and the two buffers the backbone's activations take turns in. */
  buffers: { input: Float32Array; a: Float32Array; b: Float32Array };
}

/** A face found: score and box, relative to the image (0..1 on each axis). */
export interface SsdDetection {
  score: number;
  box: { left: number; top: number; right: number; bottom: number };
}

/** face-api's `tf.batchNorm(x, mean, variance, offset, scale)` as one scale and shift. */
function batchNorm(memory: KernelMemory, weights: Map<string, Weight>, prefix: string): Layer {
  const values = (name: string) => weightValues(weight(weights, `${prefix}/BatchNorm/${name}`, 1));
  const gamma = values('gamma');
  const beta = values('beta');
  const mean = values('moving_mean');
  const variance = values('moving_variance');
  const scale = new Float32Array(gamma.length);
  const shift = new Float32Array(gamma.length);
  for (let c = 0; c < gamma.length; c += 1) {
    scale[c] = gamma[c]! / Math.sqrt(variance[c]! + BATCH_NORM_EPSILON);
    shift[c] = beta[c]! - mean[c]! * scale[c]!;
  }
  const filters = weight(weights, `${prefix}/depthwise_weights`, 4);
  return { filters, kernel: 3, scale: memory.copyOf(scale), shift: memory.copyOf(shift) };
}

/** The detector's weights from face-api's model files, its epilogues and buffers in `memory`. */
export function loadSsdModel(memory: KernelMemory, dir?: string): SsdModel {
  const weights = readModelWeights('ssd_mobilenetv1_model', dir);
  const convLayer = (filters: Weight, shift: Weight): Layer => ({
    filters,
    kernel: filters.shape[0]!,
    shift: memory.copyOf(weightValues(shift)),
  });
  const pointwiseLayer = (prefix: string, index: number) =>
    convLayer(
      weight(weights, `${prefix}/Conv2d_${index}_pointwise/weights`, 4),
      weight(weights, `${prefix}/Conv2d_${index}_pointwise/convolution_bn_offset`, 1),
    );
  const pairs = [];
  for (let index = 1; index <= 13; index += 1) {
    pairs.push({
      depthwise: batchNorm(memory, weights, `MobilenetV1/Conv2d_${index}_depthwise`),
      pointwise: pointwiseLayer('MobilenetV1', index),
    });
  }
  const predictorLayer = (index: number, kind: string) =>
    convLayer(
      weight(weights, `Prediction/BoxPredictor_${index}/${kind}/weights`, 4),
      weight(weights, `Prediction/BoxPredictor_${index}/${kind}/biases`, 1),
    );
  return {
    memory,
    backbone: { first: pointwiseLayer('MobilenetV1', 0), pairs },
    extras: Array.from({ length: 8 }, (_, index) => pointwiseLayer('Prediction', index)),
    predictors: Array.from({ length: 6 }, (_, index) => ({
      boxes: predictorLayer(index, 'BoxEncodingPredictor'),
      classes: predictorLayer(index, 'ClassPredictor'),
    })),
    anchors: weightValues(weight(weights, 'Output/extra_dim', 3)),
    buffers: {
      input: memory.floats(INPUT_SIZE * INPUT_SIZE * 3),
      a: memory.floats(LARGEST_ACTIVATION),
      b: memory.floats(LARGEST_ACTIVATION),
    },
  };
}

const RELU6 = { min: 0, max: 6 };

/** Runs `layer` on `x` into `buffer` (or new floats of the memory): 1 × 1 or full convolution. */
function convolve(
  memory: KernelMemory,
  x: Activation,
  layer: Layer,
  stride: number,
  clamp: { min?: number; max?: number },
  buffer?: Float32Array,
): Activation {
  const { rows, columns } = convolvedSize(x, layer.kernel, stride);
  const out = activation(memory, rows.out, columns.out, layer.shift.length, buffer);
  const epilogue = { shift: layer.shift, ...clamp };
  if (layer.kernel === 1 && stride === 1) pointwise(memory, x, layer.filters, out, epilogue);
  else convolution(memory, x, layer.filters, layer.kernel, stride, out, epilogue);
  return out;
}

/** The input face-api makes of an RGB image: padded square at the bottom or right, 512², -1..1. */
function ssdInput(
  model: SsdModel,
  image: { data: ArrayLike<number>; height: number; width: number },
) {
  const side = Math.max(image.height, image.width);
  const input = activation(model.memory, INPUT_SIZE, INPUT_SIZE, 3, model.buffers.input);
  resizePaddedBilinear(image.data, image.height, image.width, { top: 0, left: 0 }, side, input);
  const data = input.data;
  for (let index = 0; index < data.length; index += 1) data[index] = data[index]! / 127.5 - 1;
  return input;
}

/** A copy of `x` in new floats of the memory. */
function copied(memory: KernelMemory, x: Activation): Activation {
  const copy = activation(memory, x.height, x.width, x.channels);
  copy.data.set(x.data);
  return copy;
}

/**
 * The backbone: its last output (in `a`, which nothing writes again before the next detection)
 * and the output of layer 11 (copied out, as layers 12 and 13 write `a` again). Each layer's
 * depthwise half writes into `b` and its pointwise half back into `a`.
 */
function backbone(model: SsdModel, input: Activation) {
  const { memory, buffers } = model;
  let x = convolve(memory, input, model.backbone.first, 2, RELU6, buffers.a);
  let feature: Activation | undefined;
  for (const [index, pair] of model.backbone.pairs.entries()) {
    const layer = index + 1;
    const stride = DOWNSAMPLING_LAYERS.has(layer) ? 2 : 1;
    const { rows, columns } = convolvedSize(x, 3, stride);
    const between = activation(memory, rows.out, columns.out, x.channels, buffers.b);
    depthwise(memory, x, pair.depthwise.filters, stride, between, {
      scale: pair.depthwise.scale,
      shift: pair.depthwise.shift,
      ...RELU6,
    });
    x = convolve(memory, between, pair.pointwise, 1, RELU6, buffers.a);
    if (layer === FEATURE_LAYER) feature = copied(memory, x);
  }
  if (!feature) throw new Error('SSD backbone: no output of layer 11');
  return { out: x, feature };
}

/** Box encodings (4 per anchor) and face logits (1 per anchor), in face-api's anchor order. */
function predictions(model: SsdModel, features: Activation[]) {
  const encodings: number[] = [];
  const logits: number[] = [];
  for (const [index, x] of features.entries()) {
    const predictor = model.predictors[index]!;
    const boxes = convolve(model.memory, x, predictor.boxes, 1, {});
    const classes = convolve(model.memory, x, predictor.classes, 1, {});
    for (const value of boxes.data) encodings.push(value);
    // Three classes per anchor (background, face, unused): the face is the second.
    for (let at = 1; at < classes.data.length; at += 3) logits.push(classes.data[at]!);
  }
  return { encodings, logits };
}

/** face-api's decoding of an anchor-relative encoding to [top, left, bottom, right]. */
function decodeBox(anchors: Float32Array, encodings: number[], index: number) {
  const at = index * 4;
  const height = anchors[at + 2]! - anchors[at]!;
  const width = anchors[at + 3]! - anchors[at + 1]!;
  const centreY = anchors[at]! + height / 2;
  const centreX = anchors[at + 1]! + width / 2;
  const halfHeight = (Math.exp(encodings[at + 2]! / 5) * height) / 2;
  const halfWidth = (Math.exp(encodings[at + 3]! / 5) * width) / 2;
  const y = (encodings[at]! / 10) * height + centreY;
  const x = (encodings[at + 1]! / 10) * width + centreX;
  return [y - halfHeight, x - halfWidth, y + halfHeight, x + halfWidth] as const;
}

type Box = readonly [number, number, number, number];

/** face-api's intersection over union of two [top, left, bottom, right] boxes. */
function iou(a: Box, b: Box) {
  const area = (box: Box) =>
    (Math.max(box[0], box[2]) - Math.min(box[0], box[2])) *
    (Math.max(box[1], box[3]) - Math.min(box[1], box[3]));
  const areaA = area(a);
  const areaB = area(b);
  if (areaA <= 0 || areaB <= 0) return 0;
  const top = Math.max(Math.min(a[0], a[2]), Math.min(b[0], b[2]));
  const left = Math.max(Math.min(a[1], a[3]), Math.min(b[1], b[3]));
  const bottom = Math.min(Math.max(a[0], a[2]), Math.max(b[0], b[2]));
  const right = Math.min(Math.max(a[1], a[3]), Math.max(b[1], b[3]));
  const intersection = Math.max(bottom - top, 0) * Math.max(right - left, 0);
  return intersection / (areaA + areaB - intersection);
}

/** face-api's greedy non-maximum suppression: the anchors kept, most confident first. */
function suppress(boxes: Box[], scores: number[], minConfidence: number): number[] {
  const candidates = scores
    .map((score, index) => ({ score, index }))
    .filter(({ score }) => score > minConfidence)
    .sort((a, b) => b.score - a.score);
  const kept: number[] = [];
  for (const candidate of candidates) {
    if (kept.length >= Math.min(MAX_RESULTS, boxes.length)) break;
    const overlapped = kept.some(
      (index) => iou(boxes[candidate.index]!, boxes[index]!) > IOU_THRESHOLD,
    );
    if (!overlapped) kept.push(candidate.index);
  }
  return kept;
}

/**
 * Every face in an RGB image with a score above `minConfidence`, most confident first, as
 * face-api's `locateFaces` finds them: boxes relative to the image, clamped to it.
 */
export function locateFaces(
  model: SsdModel,
  image: { data: ArrayLike<number>; height: number; width: number },
  minConfidence: number,
): SsdDetection[] {
  const { encodings, logits } = model.memory.scoped(() => {
    const { out, feature } = backbone(model, ssdInput(model, image));
    const extras = [];
    let x = out;
    for (const [index, layer] of model.extras.entries()) {
      x = convolve(model.memory, x, layer, index % 2 === 1 ? 2 : 1, RELU6);
      if (index % 2 === 1) extras.push(x);
    }
    return predictions(model, [feature, out, ...extras]);
  });
  const scores = logits.map((logit) => 1 / (1 + Math.exp(-logit)));
  const boxes = scores.map((_, index) => decodeBox(model.anchors, encodings, index));
  // The boxes are of the padded square: back to the image's own extent.
  const side = Math.max(image.height, image.width);
  const scaleY = INPUT_SIZE / Math.round((image.height * INPUT_SIZE) / side);
  const scaleX = INPUT_SIZE / Math.round((image.width * INPUT_SIZE) / side);
  return suppress(boxes, scores, minConfidence).map((index) => {
    const [top, left, bottom, right] = boxes[index]!;
    return {
      score: scores[index]!,
      box: {
        top: Math.max(0, top) * scaleY,
        left: Math.max(0, left) * scaleX,
        bottom: Math.min(1, bottom) * scaleY,
        right: Math.min(1, right) * scaleX,
      },
    };
  });
}
