import type { KernelMemory } from './kernels';
import type { Weight } from './model-weights';

/**
 * The few layers face-api's detector, landmark net and face-recognition net are made of, on
 * float32 NHWC activations (one image: rows, then columns, then channels) in the kernels' memory.
 * Filters stay quantised until a layer runs: each is written out as float32 into that memory for
 * the call alone.
 */

/** An activation: `height × width` pixels of `channels` values each, pixel after pixel. */
export interface Activation {
  data: Float32Array;
  height: number;
  width: number;
  channels: number;
}

/** What follows a convolution: `value × scale[c] + shift[c]`, then clamped to [min, max]. */
export interface Epilogue {
  /** Per output channel; omitted means 1 (depthwise convolutions only). */
  scale?: Float32Array;
  /** Per output channel; omitted means 0. */
  shift?: Float32Array;
  min?: number;
  max?: number;
}

/** TensorFlow's 'same' padding of one dimension: the output's size and the padding before. */
export function samePadding(size: number, kernel: number, stride: number) {
  const out = Math.ceil(size / stride);
  const total = Math.max((out - 1) * stride + kernel - size, 0);
  return { out, before: Math.floor(total / 2) };
}

/** TensorFlow's 'valid' padding of one dimension: only windows wholly inside, none before. */
export function validPadding(size: number, kernel: number, stride: number) {
  return { out: Math.floor((size - kernel) / stride) + 1, before: 0 };
}

/** TensorFlow's two paddings: zeros around the edges as needed, or none. */
export type Padding = 'same' | 'valid';

/** The output of a `kernel`-sized convolution (or pool) of `x` at `stride`. */
export function convolvedSize(
  x: Activation,
  kernel: number,
  stride: number,
  padding: Padding = 'same',
) {
  const paddingOf = padding === 'same' ? samePadding : validPadding;
  return {
    rows: paddingOf(x.height, kernel, stride),
    columns: paddingOf(x.width, kernel, stride),
  };
}

/** An activation of the given size over the start of `buffer`, or over new floats of `memory`. */
export function activation(
  memory: KernelMemory,
  height: number,
  width: number,
  channels: number,
  buffer?: Float32Array,
): Activation {
  const size = height * width * channels;
  if (buffer && buffer.length < size)
    throw new Error(`activation: ${size} values need a larger buffer`);
  return { data: buffer ? buffer.subarray(0, size) : memory.floats(size), height, width, channels };
}

/** `weight`'s float32 values in `memory` (freed with the caller's scope). */
function filterValues(memory: KernelMemory, weight: Weight): Float32Array {
  const values = memory.floats(weight.size);
  weight.writeInto(values);
  return values;
}

/**
 * A 1 × 1 convolution: each pixel's channels times `filters` ([1, 1, in, out]), then the shift
 * and clamp.
 */
export function pointwise(
  memory: KernelMemory,
  x: Activation,
  filters: Weight,
  out: Activation,
  { shift, min = -Infinity, max = Infinity }: Omit<Epilogue, 'scale'>,
) {
  memory.scoped(() =>
    pointwiseOfValues(memory, x, filterValues(memory, filters), out, shift, min, max),
  );
}

function pointwiseOfValues(
  memory: KernelMemory,
  x: Activation,
  filters: Float32Array,
  out: Activation,
  shift: Float32Array | undefined,
  min: number,
  max: number,
) {
  const shape = { pixels: x.height * x.width, inner: x.channels, outer: out.channels };
  if (filters.length !== shape.inner * shape.outer)
    throw new Error('pointwise: filters of another shape');
  memory.pointwise(
    x.data,
    filters,
    shift ?? memory.floats(shape.outer, 0),
    out.data,
    shape,
    min,
    max,
  );
}

/**
 * A fully connected layer on the one pixel of `x`: its channels times `weights` ([in, out]), plus
 * `shift`, as an array of its own (outside the kernels' memory, so it outlives the caller's scope).
 */
export function fullyConnected(
  memory: KernelMemory,
  x: Activation,
  weights: Weight,
  shift?: Float32Array,
): Float32Array {
  if (x.height !== 1 || x.width !== 1) throw new Error('fully connected: an input of one pixel');
  return memory.scoped(() => {
    const out = activation(memory, 1, 1, weights.shape[1]!);
    pointwise(memory, x, weights, out, { shift });
    return out.data.slice();
  });
}

/**
 * A 3 × 3 depthwise convolution ([3, 3, channels, 1] filters) at `stride` with 'same' padding
 * (zeros beyond the edges), then the epilogue. `out` must be of `convolvedSize`.
 */
export function depthwise(
  memory: KernelMemory,
  x: Activation,
  filters: Weight,
  stride: number,
  out: Activation,
  { scale, shift, min = -Infinity, max = Infinity }: Epilogue,
) {
  const { rows, columns } = convolvedSize(x, 3, stride);
  memory.scoped(() => {
    memory.depthwise(
      x.data,
      filterValues(memory, filters),
      scale ?? memory.floats(x.channels, 1),
      shift ?? memory.floats(x.channels, 0),
      out.data,
      {
        height: x.height,
        width: x.width,
        channels: x.channels,
        outHeight: rows.out,
        outWidth: columns.out,
        stride,
        top: rows.before,
        left: columns.before,
      },
      min,
      max,
    );
  });
}

/** The most patch values a full convolution lays out at once (1 MB), a band of rows at a time. */
const PATCH_VALUES = 256 * 1024;

/**
 * A full convolution ([k, k, in, out] filters) at `stride` with `padding`, then the shift and
 * clamp: the nets' first layers (3 input channels), the detector's small extra layers and every
 * layer of the face-recognition net.
 * Each output pixel's k × k × in inputs are laid out in a row (zeros beyond the edges), in the
 * filters' own order, so the convolution is a 1 × 1 convolution of those rows, done a band of
 * output rows at a time.
 */
export function convolution(
  memory: KernelMemory,
  x: Activation,
  filters: Weight,
  kernel: number,
  stride: number,
  out: Activation,
  { shift, min = -Infinity, max = Infinity }: Omit<Epilogue, 'scale'>,
  padding: Padding = 'same',
) {
  const { rows, columns } = convolvedSize(x, kernel, stride, padding);
  const inner = x.channels;
  const rowLength = kernel * kernel * inner;
  const band = Math.max(1, Math.floor(PATCH_VALUES / (columns.out * rowLength)));
  memory.scoped(() => {
    const values = filterValues(memory, filters);
    const patches = memory.floats(Math.min(band, rows.out) * columns.out * rowLength);
    for (let first = 0; first < rows.out; first += band) {
      const last = Math.min(first + band, rows.out);
      const data = patches.subarray(0, (last - first) * columns.out * rowLength);
      data.fill(0);
      for (let oy = first; oy < last; oy += 1) {
        for (let ox = 0; ox < columns.out; ox += 1) {
          const row = ((oy - first) * columns.out + ox) * rowLength;
          for (let ky = 0; ky < kernel; ky += 1) {
            const iy = oy * stride - rows.before + ky;
            if (iy < 0 || iy >= x.height) continue;
            for (let kx = 0; kx < kernel; kx += 1) {
              const ix = ox * stride - columns.before + kx;
              if (ix < 0 || ix >= x.width) continue;
              const pixel = (iy * x.width + ix) * inner;
              data.set(x.data.subarray(pixel, pixel + inner), row + (ky * kernel + kx) * inner);
            }
          }
        }
      }
      const outRows = out.data.subarray(
        first * columns.out * out.channels,
        last * columns.out * out.channels,
      );
      pointwiseOfValues(
        memory,
        { data, height: last - first, width: columns.out, channels: rowLength },
        values,
        { data: outRows, height: last - first, width: columns.out, channels: out.channels },
        shift,
        min,
        max,
      );
    }
  });
}

/**
 * tfjs' pooling ('valid' padding: every window wholly inside `x`) of `size` × `size` windows at
 * `stride`, each channel on its own: `take` folds a window's values, row after row, and `finish`
 * makes the output of the result.
 */
function pool(
  memory: KernelMemory,
  x: Activation,
  size: number,
  stride: number,
  take: (sofar: number, value: number) => number,
  start: number,
  finish: (result: number) => number,
): Activation {
  const { rows, columns } = convolvedSize(x, size, stride, 'valid');
  const out = activation(memory, rows.out, columns.out, x.channels);
  for (let oy = 0; oy < rows.out; oy += 1) {
    for (let ox = 0; ox < columns.out; ox += 1) {
      const at = (oy * columns.out + ox) * x.channels;
      for (let c = 0; c < x.channels; c += 1) {
        let result = start;
        for (let ky = 0; ky < size; ky += 1) {
          for (let kx = 0; kx < size; kx += 1) {
            const pixel = (oy * stride + ky) * x.width + ox * stride + kx;
            result = take(result, x.data[pixel * x.channels + c]!);
          }
        }
        out.data[at + c] = finish(result);
      }
    }
  }
  return out;
}

/** tfjs' `maxPool(x, size, stride, 'valid')`: each window's largest value. */
export const maxPool = (memory: KernelMemory, x: Activation, size: number, stride: number) =>
  pool(memory, x, size, stride, Math.max, -Infinity, (largest) => largest);

/** tfjs' `avgPool(x, size, stride, 'valid')`: each window's mean. */
export const averagePool = (memory: KernelMemory, x: Activation, size: number, stride: number) =>
  pool(
    memory,
    x,
    size,
    stride,
    (sum, value) => sum + value,
    0,
    (sum) => sum / (size * size),
  );

/**
 * tfjs' `resizeBilinear` without corner alignment or half-pixel centres, of an RGB image placed
 * at `offset` in a `side × side` square of zeros: face-api's input for its networks.
 */
export function resizePaddedBilinear(
  pixels: ArrayLike<number>,
  height: number,
  width: number,
  offset: { top: number; left: number },
  side: number,
  out: Activation,
) {
  const size = out.height;
  const scale = side / size;
  const output = out.data;
  const at = (y: number, x: number, c: number) => {
    const row = y - offset.top;
    const column = x - offset.left;
    if (row < 0 || row >= height || column < 0 || column >= width) return 0;
    return pixels[(row * width + column) * 3 + c]!;
  };
  for (let r = 0; r < size; r += 1) {
    const sourceRow = scale * r;
    const top = Math.max(0, Math.floor(sourceRow));
    const bottom = Math.min(side - 1, Math.ceil(sourceRow));
    const rowLerp = sourceRow - top;
    for (let col = 0; col < size; col += 1) {
      const sourceColumn = scale * col;
      const left = Math.max(0, Math.floor(sourceColumn));
      const right = Math.min(side - 1, Math.ceil(sourceColumn));
      const columnLerp = sourceColumn - left;
      for (let c = 0; c < 3; c += 1) {
        const topValue = at(top, left, c) + (at(top, right, c) - at(top, left, c)) * columnLerp;
        const bottomValue =
          at(bottom, left, c) + (at(bottom, right, c) - at(bottom, left, c)) * columnLerp;
        output[(r * size + col) * 3 + c] = topValue + (bottomValue - topValue) * rowLerp;
      }
    }
  }
}
