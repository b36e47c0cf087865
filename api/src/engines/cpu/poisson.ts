/**
 * Gradient-domain (Poisson) blending. Pasting `source` into `region` of an image so that it keeps
 * the source's gradients and meets the surroundings at the region's border is the Poisson
 * equation of Pérez et al. (2003); its solution is the source plus a membrane: the harmonic
 * function that equals (surroundings − source) on the border (Farbman et al. 2009). A difference
 * in colour or brightness between the two spreads smoothly over the region instead of showing as
 * a seam. The membrane is solved coarse to fine, so a region of millions of pixels costs a few
 * sweeps at full size.
 */

/** The region is solved directly (many sweeps) once it is this small. */
const DIRECT_SOLVE_PIXELS = 4096;
const OVER_RELAXATION = 1.85;
/**
 * Sweeps per level after the coarser level's solution is interpolated. Large levels get fewer:
 * the interpolated start is already close, only the last pixels' detail is left to settle.
 */
const COARSE_SWEEPS = 8;
const FINEST_SWEEPS = 3;
const FINE_LEVEL_PIXELS = 1_000_000;

const KNOWN = 0;
const UNKNOWN = 1;
const OUTSIDE = 2;

interface MembraneProblem {
  width: number;
  height: number;
  /** Per pixel: KNOWN (the value is given), UNKNOWN (solve here) or OUTSIDE (not part of it). */
  state: Uint8Array;
  /** 3 values per pixel: given where KNOWN, filled in where UNKNOWN. */
  values: Float32Array;
}

/** Fills `values` at the unknown pixels with the harmonic (smoothest) interpolation. */
function solveMembrane(problem: MembraneProblem): void {
  const { width, height, state, values } = problem;
  const indices: number[] = [];
  let known = 0;
  for (let at = 0; at < state.length; at += 1) {
    if (state[at] === UNKNOWN) indices.push(at);
    else if (state[at] === KNOWN) known += 1;
  }
  if (indices.length === 0) return;
  if (known === 0) {
    for (const at of indices) values.fill(0, at * 3, at * 3 + 3);
    return;
  }
  let sweeps: number;
  if (indices.length <= DIRECT_SOLVE_PIXELS || Math.min(width, height) < 8) {
    seedWithMean(problem, indices);
    sweeps = 80 + Math.round(2 * Math.sqrt(indices.length));
  } else {
    const coarse = coarsen(problem);
    solveMembrane(coarse);
    upsampleInto(coarse, problem, indices);
    sweeps = width * height > FINE_LEVEL_PIXELS ? FINEST_SWEEPS : COARSE_SWEEPS;
  }
  relax(problem, Int32Array.from(indices), sweeps);
}

/**
 * Half size: a coarse pixel is known when any of its fine pixels is (their mean), so the given
 * values reach the coarse levels; else unknown when any is; else outside.
 */
function coarsen({ width, height, state, values }: MembraneProblem): MembraneProblem {
  const w = (width + 1) >> 1;
  const h = (height + 1) >> 1;
  const coarseState = new Uint8Array(w * h).fill(OUTSIDE);
  const sums = new Float32Array(w * h * 3);
  const counts = new Uint8Array(w * h);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = y * width + x;
      const to = (y >> 1) * w + (x >> 1);
      if (state[at] === UNKNOWN && coarseState[to] === OUTSIDE) coarseState[to] = UNKNOWN;
      if (state[at] !== KNOWN) continue;
      coarseState[to] = KNOWN;
      counts[to]! += 1;
      for (let c = 0; c < 3; c += 1) sums[to * 3 + c]! += values[at * 3 + c]!;
    }
  }
  for (let at = 0; at < w * h; at += 1) {
    if (counts[at]) for (let c = 0; c < 3; c += 1) sums[at * 3 + c]! /= counts[at]!;
  }
  return { width: w, height: h, state: coarseState, values: sums };
}

/** The coarse solution, bilinearly interpolated from the coarse pixels that belong to it. */
function upsampleInto(coarse: MembraneProblem, fine: MembraneProblem, indices: number[]): void {
  const { width, values } = fine;
  for (const at of indices) {
    const x = at % width;
    const y = (at - x) / width;
    const fx = Math.min(coarse.width - 1, Math.max(0, x / 2 - 0.25));
    const fy = Math.min(coarse.height - 1, Math.max(0, y / 2 - 0.25));
    const x0 = Math.floor(fx);
    const y0 = Math.floor(fy);
    let r = 0;
    let g = 0;
    let b = 0;
    let total = 0;
    for (let dy = 0; dy <= 1; dy += 1) {
      const cy = Math.min(coarse.height - 1, y0 + dy);
      const wy = dy === 0 ? 1 - (fy - y0) : fy - y0;
      for (let dx = 0; dx <= 1; dx += 1) {
        const cx = Math.min(coarse.width - 1, x0 + dx);
        const from = cy * coarse.width + cx;
        if (coarse.state[from] === OUTSIDE) continue;
        const weight = wy * (dx === 0 ? 1 - (fx - x0) : fx - x0) + 1e-6;
        r += weight * coarse.values[from * 3]!;
        g += weight * coarse.values[from * 3 + 1]!;
        b += weight * coarse.values[from * 3 + 2]!;
        total += weight;
      }
    }
    if (total === 0) continue;
    values[at * 3] = r / total;
    values[at * 3 + 1] = g / total;
    values[at * 3 + 2] = b / total;
  }
}

/** A starting guess for a small problem: the mean of the given values. */
function seedWithMean({ state, values }: MembraneProblem, indices: number[]): void {
  const mean = [0, 0, 0];
  let count = 0;
  for (let at = 0; at < state.length; at += 1) {
    if (state[at] !== KNOWN) continue;
    for (let c = 0; c < 3; c += 1) mean[c]! += values[at * 3 + c]!;
    count += 1;
  }
  for (const at of indices) for (let c = 0; c < 3; c += 1) values[at * 3 + c] = mean[c]! / count;
}

/**
 * Gauss-Seidel sweeps with over-relaxation. Pixels with all four neighbours in the problem take
 * the fast path; at the image edge and beside left-out pixels only the neighbours present count.
 */
function relax(
  { width, height, state, values }: MembraneProblem,
  indices: Int32Array,
  sweeps: number,
) {
  const inner = new Uint8Array(indices.length);
  for (let i = 0; i < indices.length; i += 1) {
    const at = indices[i]!;
    const x = at % width;
    const y = (at - x) / width;
    inner[i] =
      x > 0 &&
      y > 0 &&
      x < width - 1 &&
      y < height - 1 &&
      state[at - 1] !== OUTSIDE &&
      state[at + 1] !== OUTSIDE &&
      state[at - width] !== OUTSIDE &&
      state[at + width] !== OUTSIDE
        ? 1
        : 0;
  }
  const last = (height - 1) * width;
  for (let sweep = 0; sweep < sweeps; sweep += 1) {
    for (let i = 0; i < indices.length; i += 1) {
      const at = indices[i]!;
      const o = at * 3;
      if (inner[i]) {
        const up = o - width * 3;
        const down = o + width * 3;
        for (let k = 0; k < 3; k += 1) {
          const mean =
            0.25 * (values[o - 3 + k]! + values[o + 3 + k]! + values[up + k]! + values[down + k]!);
          values[o + k] = values[o + k]! + OVER_RELAXATION * (mean - values[o + k]!);
        }
        continue;
      }
      const x = at % width;
      let count = 0;
      let r = 0;
      let g = 0;
      let b = 0;
      for (let k = 0; k < 4; k += 1) {
        let n: number;
        if (k === 0) n = x > 0 ? at - 1 : -1;
        else if (k === 1) n = x < width - 1 ? at + 1 : -1;
        else if (k === 2) n = at >= width ? at - width : -1;
        else n = at < last ? at + width : -1;
        if (n < 0 || state[n] === OUTSIDE) continue;
        r += values[n * 3]!;
        g += values[n * 3 + 1]!;
        b += values[n * 3 + 2]!;
        count += 1;
      }
      if (count === 0) continue;
      values[o] = values[o]! + OVER_RELAXATION * (r / count - values[o]!);
      values[o + 1] = values[o + 1]! + OVER_RELAXATION * (g / count - values[o + 1]!);
      values[o + 2] = values[o + 2]! + OVER_RELAXATION * (b / count - values[o + 2]!);
    }
  }
}

/** A rectangle of an image with the values to paste there (3 per pixel, row by row). */
interface SourcePatch {
  left: number;
  top: number;
  width: number;
  height: number;
  /**
   * What the pasted content looks like over the whole rectangle: inside the region it is pasted;
   * on the pixels just outside it, it says where the content's own border would be.
   */
  values: Float32Array;
}

/**
 * Pastes `source` into `image` over `region` (image-sized, 1 = paste) in the gradient domain:
 * inside the region the result has the source's detail, and at its border it meets the image.
 * `source` must cover the region and a ring of one pixel around it (or the image edge). Where
 * `unsettled` (image-sized) is 1 the image around the region is not final yet: the border is
 * left free there, as at the image's edge.
 */
export function poissonBlend(
  image: { data: Uint8Array; width: number; height: number },
  region: Uint8Array,
  source: SourcePatch,
  unsettled?: Uint8Array,
): void {
  const { left, top, width, height, values } = source;
  const inRegion = (x: number, y: number) =>
    x >= 0 && y >= 0 && x < width && y < height && region[(top + y) * image.width + left + x] === 1;
  // Only the ring of pixels around the region is given; the rest of the rectangle is left out.
  const state = new Uint8Array(width * height).fill(OUTSIDE);
  const membrane = new Float32Array(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = y * width + x;
      if (inRegion(x, y)) {
        state[at] = UNKNOWN;
        continue;
      }
      if (!inRegion(x - 1, y) && !inRegion(x + 1, y) && !inRegion(x, y - 1) && !inRegion(x, y + 1))
        continue;
      const pixel = (top + y) * image.width + left + x;
      if (unsettled?.[pixel]) continue;
      state[at] = KNOWN;
      for (let c = 0; c < 3; c += 1)
        membrane[at * 3 + c] = image.data[pixel * 3 + c]! - values[at * 3 + c]!;
    }
  }
  solveMembrane({ width, height, state, values: membrane });
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if (!inRegion(x, y)) continue;
      const at = y * width + x;
      const pixel = (top + y) * image.width + left + x;
      for (let c = 0; c < 3; c += 1) {
        const value = values[at * 3 + c]! + membrane[at * 3 + c]!;
        image.data[pixel * 3 + c] = Math.round(Math.min(255, Math.max(0, value)));
      }
    }
  }
}
