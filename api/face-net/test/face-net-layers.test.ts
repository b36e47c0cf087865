import { describe, expect, it } from 'vitest';
import { KernelMemory } from '../src/kernels';
import {
  activation,
  averagePool,
  convolution,
  convolvedSize,
  depthwise,
  maxPool,
  pointwise,
  type Activation,
  type Padding,
} from '../src/layers';
import type { Weight } from '../src/model-weights';

/** A seeded sequence in -1..1, so a failure repeats. */
function values(count: number, seed: number): Float32Array {
  const out = new Float32Array(count);
  let state = seed;
  for (let index = 0; index < count; index += 1) {
    state = (state * 1103515245 + 12345) % 2147483648;
    out[index] = state / 1073741824 - 1;
  }
  return out;
}

/**
 * A convolution as its definition reads, in doubles: every output value is the sum over the
 * kernel's taps (input channel `k`, or the output's own channel when depthwise) of input × filter,
 * with TensorFlow's 'same' padding (or 'valid').
 */
function reference(
  x: Activation,
  filters: Float32Array,
  kernel: number,
  stride: number,
  outer: number,
  isDepthwise: boolean,
  padding: Padding = 'same',
): Float64Array {
  const { rows, columns } = convolvedSize(x, kernel, stride, padding);
  const out = new Float64Array(rows.out * columns.out * outer);
  for (let oy = 0; oy < rows.out; oy += 1)
    for (let ox = 0; ox < columns.out; ox += 1)
      for (let n = 0; n < outer; n += 1) {
        let sum = 0;
        for (let ky = 0; ky < kernel; ky += 1)
          for (let kx = 0; kx < kernel; kx += 1) {
            const iy = oy * stride - rows.before + ky;
            const ix = ox * stride - columns.before + kx;
            if (iy < 0 || ix < 0 || iy >= x.height || ix >= x.width) continue;
            const pixel = (iy * x.width + ix) * x.channels;
            const tap = (ky * kernel + kx) * x.channels;
            if (isDepthwise) sum += x.data[pixel + n]! * filters[tap + n]!;
            else
              for (let k = 0; k < x.channels; k += 1)
                sum += x.data[pixel + k]! * filters[(tap + k) * outer + n]!;
          }
        out[(oy * columns.out + ox) * outer + n] = sum;
      }
  return out;
}

/** `values` as a model weight. */
const asWeight = (values: Float32Array): Weight => ({
  shape: [values.length],
  size: values.length,
  writeInto: (target) => target.set(values),
});

/** Float32 sums of up to ~9,000 terms: within a millionth or so of the largest value. */
function expectClose(actual: Float32Array, expected: Float64Array) {
  expect(actual.length).toBe(expected.length);
  let worst = 0;
  let largest = 1;
  for (let index = 0; index < expected.length; index += 1) {
    worst = Math.max(worst, Math.abs(actual[index]! - expected[index]!));
    largest = Math.max(largest, Math.abs(expected[index]!));
  }
  expect(worst / largest).toBeLessThan(1e-5);
}

describe('face-net layers', () => {
  const memory = new KernelMemory(4 << 20);

  // Odd sizes leave remainders in every blocked loop; strides 2 on odd and even sides differ in
  // their padding.
  const shapes = [
    { height: 5, width: 7, inner: 3, outer: 5 },
    { height: 8, width: 6, inner: 17, outer: 33 },
    { height: 1, width: 3, inner: 64, outer: 9 },
    // Filters of 1,024 rows are packed 32 columns at a time: two panels, the second partial.
    { height: 2, width: 3, inner: 1024, outer: 41 },
    // A full convolution of this lays out its patches in bands of 11 output rows.
    { height: 40, width: 39, inner: 64, outer: 8 },
  ];

  /** An activation of seeded values in the kernels' memory. */
  const input = (height: number, width: number, channels: number, seed: number): Activation => ({
    height,
    width,
    channels,
    data: memory.copyOf(values(height * width * channels, seed + 1)),
  });

  it('computes a 1 × 1 convolution and its epilogue', () => {
    for (const [seed, { height, width, inner, outer }] of shapes.entries()) {
      const mark = memory.mark();
      const x = input(height, width, inner, seed);
      const filters = values(inner * outer, seed + 10);
      const shift = memory.copyOf(values(outer, seed + 20));
      const out = activation(memory, height, width, outer);
      pointwise(memory, x, asWeight(filters), out, { shift });
      const expected = reference(x, filters, 1, 1, outer, false).map(
        (value, index) => value + shift[index % outer]!,
      );
      expectClose(out.data, expected);
      pointwise(memory, x, asWeight(filters), out, { shift, min: 0, max: 0.5 });
      expectClose(
        out.data,
        expected.map((value) => Math.min(Math.max(value, 0), 0.5)),
      );
      memory.release(mark);
    }
  });

  it('computes depthwise and full 3 × 3 convolutions at strides 1 and 2, full ones also unpadded', () => {
    for (const [seed, { height, width, inner, outer }] of shapes.entries()) {
      const mark = memory.mark();
      const x = input(height, width, inner, seed);
      for (const stride of [1, 2]) {
        const { rows, columns } = convolvedSize(x, 3, stride);
        const depthwiseFilters = values(9 * inner, seed + 30);
        const scale = values(inner, seed + 40);
        const out = activation(memory, rows.out, columns.out, inner);
        depthwise(memory, x, asWeight(depthwiseFilters), stride, out, {
          scale: memory.copyOf(scale),
        });
        expectClose(
          out.data,
          reference(x, depthwiseFilters, 3, stride, inner, true).map(
            (value, index) => value * scale[index % inner]!,
          ),
        );
        const filters = values(9 * inner * outer, seed + 50);
        const full = activation(memory, rows.out, columns.out, outer);
        convolution(memory, x, asWeight(filters), 3, stride, full, {});
        expectClose(full.data, reference(x, filters, 3, stride, outer, false));
        // 'valid' padding: only the windows wholly inside (none on a side shorter than 3).
        const valid = convolvedSize(x, 3, stride, 'valid');
        if (valid.rows.out < 1 || valid.columns.out < 1) continue;
        const inside = activation(memory, valid.rows.out, valid.columns.out, outer);
        convolution(memory, x, asWeight(filters), 3, stride, inside, {}, 'valid');
        expectClose(inside.data, reference(x, filters, 3, stride, outer, false, 'valid'));
      }
      memory.release(mark);
    }
  });

  it('pools windows wholly inside the input, their largest value or their mean', () => {
    for (const [seed, { height, width, inner }] of shapes.entries()) {
      const mark = memory.mark();
      const x = input(height, width, inner, seed);
      for (const [size, stride] of [
        [3, 2],
        [2, 2],
        [1, 1],
        [Math.min(height, width), 1],
      ] as const) {
        // 'valid' padding: as many windows as fit whole.
        const rows = Math.floor((height - size) / stride) + 1;
        const columns = Math.floor((width - size) / stride) + 1;
        if (rows < 1 || columns < 1) continue;
        const largest = new Float64Array(rows * columns * inner);
        const mean = new Float64Array(rows * columns * inner);
        for (let oy = 0; oy < rows; oy += 1)
          for (let ox = 0; ox < columns; ox += 1)
            for (let c = 0; c < inner; c += 1) {
              const window = [];
              for (let ky = 0; ky < size; ky += 1)
                for (let kx = 0; kx < size; kx += 1)
                  window.push(x.data[((oy * stride + ky) * width + ox * stride + kx) * inner + c]!);
              const at = (oy * columns + ox) * inner + c;
              largest[at] = Math.max(...window);
              mean[at] = window.reduce((sum, value) => sum + value, 0) / window.length;
            }
        const pooled = maxPool(memory, x, size, stride);
        expect([pooled.height, pooled.width, pooled.channels]).toEqual([rows, columns, inner]);
        // The largest value is one of the inputs: exactly.
        expect(Array.from(pooled.data)).toEqual(Array.from(largest));
        const averaged = averagePool(memory, x, size, stride);
        expect([averaged.height, averaged.width, averaged.channels]).toEqual([
          rows,
          columns,
          inner,
        ]);
        expectClose(averaged.data, mean);
      }
      memory.release(mark);
    }
  });
});
