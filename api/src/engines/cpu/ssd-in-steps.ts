import type * as Tf from '@tensorflow/tfjs';

/**
 * face-api's SSD MobileNet v1 forward pass, the same ops in the same order on the same weights,
 * run layer by layer so each layer's input is freed once the next layer has it. face-api runs the
 * whole backbone inside one `tf.tidy`, which keeps every layer's output (~100 MB at its fixed
 * 512 × 512 input) until the last layer; tfjs' wasm heap grows to that peak and never shrinks.
 * In steps the backbone needs two layers at a time, and its large first layers run a strip of
 * rows at a time (`inStrips`). Only the tensors' lifetimes and extents differ, so the boxes and
 * scores are the very same numbers (ssd-in-steps.test.ts compares them).
 */

type Tensor4D = Tf.Tensor4D;
type Tensor1D = Tf.Tensor1D;

interface PointwiseConv {
  filters: Tensor4D;
  batch_norm_offset: Tensor1D;
}
interface DepthwiseConv {
  filters: Tensor4D;
  batch_norm_scale: Tensor1D;
  batch_norm_offset: Tensor1D;
  batch_norm_mean: Tensor1D;
  batch_norm_variance: Tensor1D;
}
interface Conv {
  filters: Tensor4D;
  bias: Tensor1D;
}
interface BoxPredictor {
  box_encoding_predictor: Conv;
  class_predictor: Conv;
}
type PairIndex = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13;
type ExtraIndex = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7;
type PredictorIndex = 0 | 1 | 2 | 3 | 4 | 5;

/** The loaded weights of face-api's `SsdMobilenetv1` (its `params`), as face-api names them. */
export interface SsdParams {
  mobilenetv1: { conv_0: PointwiseConv } & {
    [Index in PairIndex as `conv_${Index}`]: {
      depthwise_conv: DepthwiseConv;
      pointwise_conv: PointwiseConv;
    };
  };
  prediction_layer: { [Index in ExtraIndex as `conv_${Index}`]: PointwiseConv } & {
    [Index in PredictorIndex as `box_predictor_${Index}`]: BoxPredictor;
  };
  output_layer: { extra_dim: Tf.Tensor3D };
}

/** face-api's batch-norm epsilon (its float32 value of 1e-3). */
const BATCH_NORM_EPSILON = 0.0010000000474974513;
/** The backbone layers whose depthwise convolution halves the resolution. */
const DOWNSAMPLING_LAYERS = new Set([2, 4, 6, 12]);
/** The backbone layer whose output the first box predictor reads. */
const FEATURE_LAYER = 11;

/** An explicit padding of a 4-D NHWC input: none on the batch and channels. */
type Padding = [[0, 0], [number, number], [number, number], [0, 0]];

/**
 * One op of the network as it maps rows of its input to rows of its output: a convolution of
 * `kernel` rows at `stride`, or an element-wise op (kernel 1, stride 1). `run` takes the padding
 * TensorFlow's 'same' gives the whole tensor, or, for a strip of rows, the padding at whichever of
 * the image's edges the strip touches.
 */
interface Op {
  kernel: number;
  stride: number;
  run(x: Tensor4D, padding: Padding): Tensor4D;
}

const elementWise = (run: (x: Tensor4D) => Tensor4D): Op => ({ kernel: 1, stride: 1, run });

/** TensorFlow's 'same' padding of one dimension: [before, after], and the output's size. */
function samePadding(size: number, kernel: number, stride: number) {
  const out = Math.ceil(size / stride);
  const total = Math.max((out - 1) * stride + kernel - size, 0);
  const before = Math.floor(total / 2);
  return { out, before, after: total - before };
}

/** face-api's pointwise layer: 1 × 1 convolution (3 × 3 for conv_0), batch-norm offset, ReLU6. */
function pointwise(tf: typeof Tf, params: PointwiseConv, stride: 1 | 2): Op[] {
  return [
    {
      kernel: params.filters.shape[0],
      stride,
      run: (x, padding) => tf.conv2d(x, params.filters, stride, padding),
    },
    elementWise((x) => tf.add(x, params.batch_norm_offset)),
    elementWise((x) => tf.clipByValue(x, 0, 6)),
  ];
}

/** face-api's depthwise layer: 3 × 3 depthwise convolution, batch norm, ReLU6. */
function depthwise(tf: typeof Tf, params: DepthwiseConv, stride: 1 | 2): Op[] {
  return [
    {
      kernel: params.filters.shape[0],
      stride,
      run: (x, padding) => tf.depthwiseConv2d(x, params.filters, stride, padding),
    },
    elementWise((x) =>
      tf.batchNorm(
        x,
        params.batch_norm_mean,
        params.batch_norm_variance,
        params.batch_norm_offset,
        params.batch_norm_scale,
        BATCH_NORM_EPSILON,
      ),
    ),
    elementWise((x) => tf.clipByValue(x, 0, 6)),
  ];
}

/** The whole-tensor padding of `op` on `x`: TensorFlow's 'same'. */
function wholePadding(op: Op, x: Tensor4D): Padding {
  const rows = samePadding(x.shape[1], op.kernel, op.stride);
  const columns = samePadding(x.shape[2], op.kernel, op.stride);
  return [
    [0, 0],
    [rows.before, rows.after],
    [columns.before, columns.after],
    [0, 0],
  ];
}

/**
 * Applies `ops` in turn, each in a tidy of its own, and frees each intermediate as soon as the
 * next exists: `input` too, unless the caller still needs it.
 */
function inSteps(tf: typeof Tf, input: Tensor4D, ops: Op[], keepInput = false): Tensor4D {
  let out = input;
  for (const op of ops) {
    const next = tf.tidy(() => op.run(out, wholePadding(op, out)));
    if (out !== input || !keepInput) out.dispose();
    out = next;
  }
  return out;
}

/** Rows [start, end) of a tensor at some depth of a chain of ops, with the padding they need. */
interface RowSpan {
  start: number;
  end: number;
  padding: Padding;
}

/**
 * For rows [start, end) of the chain's output, the rows each op reads, from the last op back to
 * the first: an output row of an op reads `kernel` rows from `row × stride − padding before`, the
 * rows past the image's edges being the padding.
 */
function rowSpans(ops: Op[], heights: number[], widths: number[], start: number, end: number) {
  const spans: RowSpan[] = [];
  for (let index = ops.length - 1; index >= 0; index -= 1) {
    const { kernel, stride } = ops[index]!;
    const height = heights[index]!;
    const rows = samePadding(height, kernel, stride);
    const columns = samePadding(widths[index]!, kernel, stride);
    const first = start * stride - rows.before;
    const last = (end - 1) * stride - rows.before + kernel;
    start = Math.max(first, 0);
    end = Math.min(last, height);
    spans.unshift({
      start,
      end,
      padding: [
        [0, 0],
        [start - first, last - end],
        [columns.before, columns.after],
        [0, 0],
      ],
    });
  }
  return spans;
}

/**
 * `inSteps` over horizontal strips: each strip of the output is computed from the input rows it
 * reads, through every op, so the large early layers are alive a strip at a time. Each output
 * row is computed from the very numbers it would be on the whole tensor, so the result is the
 * same to the bit. `input` is freed.
 */
function inStrips(tf: typeof Tf, input: Tensor4D, ops: Op[], strips: number): Tensor4D {
  const heights = [input.shape[1]];
  const widths = [input.shape[2]];
  for (const op of ops) {
    heights.push(samePadding(heights.at(-1)!, op.kernel, op.stride).out);
    widths.push(samePadding(widths.at(-1)!, op.kernel, op.stride).out);
  }
  const height = heights.at(-1)!;
  const pieces: Tensor4D[] = [];
  for (let strip = 0; strip < strips; strip += 1) {
    const start = Math.round((height * strip) / strips);
    const end = Math.round((height * (strip + 1)) / strips);
    const spans = rowSpans(ops, heights, widths, start, end);
    let out = tf.slice(
      input,
      [0, spans[0]!.start, 0, 0],
      [-1, spans[0]!.end - spans[0]!.start, -1, -1],
    );
    for (const [index, op] of ops.entries()) {
      const next = tf.tidy(() => op.run(out, spans[index]!.padding));
      out.dispose();
      out = next;
    }
    pieces.push(out);
  }
  input.dispose();
  const whole = tf.concat(pieces, 1);
  for (const piece of pieces) piece.dispose();
  return whole;
}

function convolution(tf: typeof Tf, x: Tensor4D, params: Conv) {
  return tf.add(tf.conv2d(x, params.filters, 1, 'same'), params.bias) as Tensor4D;
}

/**
 * The backbone's layers run in strips: conv_0 to layer 4 hold the largest activations (up to
 * 256 × 256 × 64), and layer 4's output (64 × 64 × 256, 4 MB) is small enough to keep whole. In 8
 * strips the wasm heap's working set falls from ~114 to ~86 MB (activations alive at once: 35 →
 * 14 MB) for the same CPU time: the rows a strip recomputes at its edges are few.
 */
const STRIP_LAYERS = 4;
const STRIPS = 8;

/** The backbone's last output and the output of its layer 11; `input` is freed. */
function backbone(tf: typeof Tf, input: Tensor4D, params: SsdParams['mobilenetv1']) {
  const layerOps = (layer: number) => {
    const pair = params[`conv_${layer as PairIndex}`];
    const strides = DOWNSAMPLING_LAYERS.has(layer) ? 2 : 1;
    return [
      ...depthwise(tf, pair.depthwise_conv, strides),
      ...pointwise(tf, pair.pointwise_conv, 1),
    ];
  };
  const early = [...pointwise(tf, params.conv_0, 2)];
  for (let layer = 1; layer <= STRIP_LAYERS; layer += 1) early.push(...layerOps(layer));
  let out = inStrips(tf, input, early, STRIPS);
  let feature: Tensor4D | undefined;
  for (let layer = STRIP_LAYERS + 1; layer <= 13; layer += 1) {
    out = inSteps(tf, out, layerOps(layer), out === feature);
    if (layer === FEATURE_LAYER) feature = out;
  }
  if (!feature) throw new Error('SSD backbone: no output of layer 11');
  return { out, feature };
}

/** Box encodings [1, anchors, 1, 4] and class logits [1, anchors, 3] of the six predictors. */
function predictions(tf: typeof Tf, features: Tensor4D[], params: SsdParams['prediction_layer']) {
  const predictors = features.map((x, index) => {
    const predictor = params[`box_predictor_${index as PredictorIndex}`];
    const batch = x.shape[0];
    return {
      box: tf.reshape(convolution(tf, x, predictor.box_encoding_predictor), [batch, -1, 1, 4]),
      class: tf.reshape(convolution(tf, x, predictor.class_predictor), [batch, -1, 3]),
    };
  });
  return {
    boxes: tf.concat(
      predictors.map((predictor) => predictor.box),
      1,
    ) as Tensor4D,
    classes: tf.concat(
      predictors.map((predictor) => predictor.class),
      1,
    ) as Tf.Tensor3D,
  };
}

/** Anchor-relative encodings to [top, left, bottom, right] boxes, face-api's arithmetic. */
function decodeBoxes(tf: typeof Tf, anchors: Tf.Tensor2D, encodings: Tf.Tensor2D) {
  const anchor = tf.unstack(tf.transpose(anchors, [1, 0]));
  const sizes = [tf.sub(anchor[2]!, anchor[0]!), tf.sub(anchor[3]!, anchor[1]!)] as const;
  const centres = [
    tf.add(anchor[0]!, tf.div(sizes[0], 2)),
    tf.add(anchor[1]!, tf.div(sizes[1], 2)),
  ] as const;
  const encoding = tf.unstack(tf.transpose(encodings, [1, 0]));
  const halfHeight = tf.div(tf.mul(tf.exp(tf.div(encoding[2]!, 5)), sizes[0]), 2);
  const centreY = tf.add(tf.mul(tf.div(encoding[0]!, 10), sizes[0]), centres[0]);
  const halfWidth = tf.div(tf.mul(tf.exp(tf.div(encoding[3]!, 5)), sizes[1]), 2);
  const centreX = tf.add(tf.mul(tf.div(encoding[1]!, 10), sizes[1]), centres[1]);
  return tf.transpose(
    tf.stack([
      tf.sub(centreY, halfHeight),
      tf.sub(centreX, halfWidth),
      tf.add(centreY, halfHeight),
      tf.add(centreX, halfWidth),
    ]),
    [1, 0],
  );
}

/**
 * What face-api's `SsdMobilenetv1.forwardInput` returns for a normalised batch (values -1..1,
 * [batch, 512, 512, 3]): per image, boxes [anchors, 4] and face scores [anchors]. `input` is freed.
 */
export function ssdForwardInSteps(tf: typeof Tf, input: Tensor4D, params: SsdParams) {
  const { out, feature } = backbone(tf, input, params.mobilenetv1);
  const layer = params.prediction_layer;
  // The extra layers are small (16 × 16 and below): one tidy, as face-api runs them.
  return tf.tidy(() => {
    const extra = (x: Tensor4D, index: ExtraIndex, strides: 1 | 2) =>
      inSteps(tf, x, pointwise(tf, layer[`conv_${index}`], strides), true);
    const conv0 = extra(out, 0, 1);
    const conv1 = extra(conv0, 1, 2);
    const conv2 = extra(conv1, 2, 1);
    const conv3 = extra(conv2, 3, 2);
    const conv4 = extra(conv3, 4, 1);
    const conv5 = extra(conv4, 5, 2);
    const conv6 = extra(conv5, 6, 1);
    const conv7 = extra(conv6, 7, 2);
    const { boxes, classes } = predictions(tf, [feature, out, conv1, conv3, conv5, conv7], layer);
    out.dispose();
    feature.dispose();
    const batch = boxes.shape[0];
    const anchors = tf.reshape(tf.tile(params.output_layer.extra_dim, [batch, 1, 1]), [-1, 4]);
    const decoded = decodeBoxes(tf, anchors as Tf.Tensor2D, tf.reshape(boxes, [-1, 4]));
    const boxesByImage = tf.reshape(decoded, [batch, decoded.shape[0] / batch, 4]);
    const faceScores = tf.slice(
      tf.sigmoid(tf.slice(classes, [0, 0, 1], [-1, -1, -1])),
      [0, 0, 0],
      [-1, -1, 1],
    );
    return {
      boxes: tf.unstack(boxesByImage) as Tf.Tensor2D[],
      scores: tf.unstack(tf.reshape(faceScores, [batch, faceScores.shape[1]!])) as Tensor1D[],
    };
  });
}
