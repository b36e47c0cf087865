import { seededRandom } from './random';

/**
 * A Gaussian mixture over RGB (full covariances), the colour model GrabCut uses for the
 * foreground and the background: `cost` is the negative log-likelihood of a colour.
 */
export interface ColourModel {
  cost(r: number, g: number, b: number): number;
}

interface Component {
  weight: number;
  mean: [number, number, number];
  /** Inverse covariance, row by row. */
  inverse: number[];
  /** log(weight) - 0.5 log det(covariance): the part of the log-likelihood without the colour. */
  offset: number;
}

const COMPONENTS = 5;
const ROUNDS = 6;
/** Fitting on more colours than this gains nothing but time: a random sample is taken. */
const MAX_SAMPLES = 2500;
/** Added to the covariance diagonal (grey levels²): keeps flat regions' components proper. */
const REGULARISATION = 12;

/** `colours`: 3 values per pixel; `members`: the indices of the pixels to fit. */
export function fitColourModel(
  colours: ArrayLike<number>,
  members: number[],
  seed: number,
): ColourModel {
  const random = seededRandom(seed);
  const sample =
    members.length <= MAX_SAMPLES
      ? members
      : Array.from({ length: MAX_SAMPLES }, () => members[Math.floor(random() * members.length)]!);
  if (sample.length === 0) return { cost: () => 0 };
  const n = sample.length;
  const points = new Float64Array(n * 3);
  sample.forEach((at, i) => {
    for (let c = 0; c < 3; c += 1) points[i * 3 + c] = colours[at * 3 + c]!;
  });
  const point = (i: number) => [points[i * 3]!, points[i * 3 + 1]!, points[i * 3 + 2]!];
  // k-means++ seeding, then EM.
  const means: number[][] = [point(Math.floor(random() * n))];
  const nearest = new Float64Array(n).fill(Infinity);
  while (means.length < Math.min(COMPONENTS, n)) {
    const last = means.at(-1)!;
    let total = 0;
    for (let i = 0; i < n; i += 1) {
      nearest[i] = Math.min(nearest[i]!, squaredDistance(point(i), last));
      total += nearest[i]!;
    }
    let pick = random() * total;
    let index = 0;
    while (index < n - 1 && pick > nearest[index]!) pick -= nearest[index++]!;
    means.push(point(index));
  }
  let components = means.map((mean) => makeComponent(1 / means.length, mean, identityCovariance()));
  const k = components.length;
  const responsibility = new Float64Array(n * k);
  for (let round = 0; round < ROUNDS; round += 1) {
    for (let i = 0; i < n; i += 1) {
      let top = -Infinity;
      for (let j = 0; j < k; j += 1) {
        const log = logDensity(
          components[j]!,
          points[i * 3]!,
          points[i * 3 + 1]!,
          points[i * 3 + 2]!,
        );
        responsibility[i * k + j] = log;
        top = Math.max(top, log);
      }
      let sum = 0;
      for (let j = 0; j < k; j += 1) {
        responsibility[i * k + j] = Math.exp(responsibility[i * k + j]! - top);
        sum += responsibility[i * k + j]!;
      }
      for (let j = 0; j < k; j += 1) responsibility[i * k + j]! /= sum;
    }
    components = components.map((_, j) => {
      let total = 1e-9;
      const mean = [0, 0, 0];
      for (let i = 0; i < n; i += 1) {
        const r = responsibility[i * k + j]!;
        total += r;
        for (let c = 0; c < 3; c += 1) mean[c]! += r * points[i * 3 + c]!;
      }
      for (let c = 0; c < 3; c += 1) mean[c]! /= total;
      const covariance = new Array<number>(9).fill(0);
      for (let i = 0; i < n; i += 1) {
        const r = responsibility[i * k + j]! / total;
        const d = [
          points[i * 3]! - mean[0]!,
          points[i * 3 + 1]! - mean[1]!,
          points[i * 3 + 2]! - mean[2]!,
        ];
        for (let a = 0; a < 3; a += 1)
          for (let b = 0; b < 3; b += 1) covariance[a * 3 + b]! += r * d[a]! * d[b]!;
      }
      return makeComponent(total / n, mean, covariance);
    });
  }
  return {
    cost(r, g, b) {
      let sum = 0;
      for (const component of components) sum += Math.exp(logDensity(component, r, g, b));
      return -Math.log(sum + 1e-30);
    },
  };
}

function squaredDistance(p: readonly number[], q: readonly number[]): number {
  return (p[0]! - q[0]!) ** 2 + (p[1]! - q[1]!) ** 2 + (p[2]! - q[2]!) ** 2;
}

function identityCovariance(): number[] {
  return [400, 0, 0, 0, 400, 0, 0, 0, 400];
}

function makeComponent(weight: number, mean: number[], covariance: number[]): Component {
  const m = covariance.map((value, index) => value + (index % 4 === 0 ? REGULARISATION : 0));
  const det =
    m[0]! * (m[4]! * m[8]! - m[5]! * m[7]!) -
    m[1]! * (m[3]! * m[8]! - m[5]! * m[6]!) +
    m[2]! * (m[3]! * m[7]! - m[4]! * m[6]!);
  const inverse = [
    m[4]! * m[8]! - m[5]! * m[7]!,
    m[2]! * m[7]! - m[1]! * m[8]!,
    m[1]! * m[5]! - m[2]! * m[4]!,
    m[5]! * m[6]! - m[3]! * m[8]!,
    m[0]! * m[8]! - m[2]! * m[6]!,
    m[2]! * m[3]! - m[0]! * m[5]!,
    m[3]! * m[7]! - m[4]! * m[6]!,
    m[1]! * m[6]! - m[0]! * m[7]!,
    m[0]! * m[4]! - m[1]! * m[3]!,
  ].map((value) => value / det);
  return {
    weight,
    mean: [mean[0]!, mean[1]!, mean[2]!],
    inverse,
    offset: Math.log(Math.max(weight, 1e-9)) - 0.5 * Math.log(Math.max(det, 1e-9)),
  };
}

function logDensity({ mean, inverse, offset }: Component, r: number, g: number, b: number): number {
  const d0 = r - mean[0];
  const d1 = g - mean[1];
  const d2 = b - mean[2];
  const squared =
    d0 * (inverse[0]! * d0 + inverse[1]! * d1 + inverse[2]! * d2) +
    d1 * (inverse[3]! * d0 + inverse[4]! * d1 + inverse[5]! * d2) +
    d2 * (inverse[6]! * d0 + inverse[7]! * d1 + inverse[8]! * d2);
  return offset - 0.5 * squared;
}
