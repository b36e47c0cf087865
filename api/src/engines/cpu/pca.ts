/**
 * Principal component analysis for few samples of many dimensions (5-20 aligned faces of ~200k
 * values each): the eigenvectors of the small N x N Gram matrix give the components (the
 * "eigenfaces" trick), so fitting costs O(N^2 D) instead of O(D^2).
 */
export interface Pca {
  dimensions: number;
  mean: Float32Array;
  /** Unit-length components, largest variance first, each `dimensions` long. */
  components: Float32Array[];
  /** Standard deviation of the samples along each component. */
  deviations: number[];
}

/** Eigenvalues and eigenvectors (columns of the result) of a small symmetric matrix (Jacobi). */
export function symmetricEigen(matrix: number[][]): { values: number[]; vectors: number[][] } {
  const n = matrix.length;
  const a = matrix.map((row) => [...row]);
  const v: number[][] = Array.from({ length: n }, (_, i) =>
    Array.from({ length: n }, (_, j) => (i === j ? 1 : 0)),
  );
  const cell = (m: number[][], i: number, j: number) => m[i]![j]!;
  for (let sweep = 0; sweep < 100; sweep += 1) {
    let off = 0;
    for (let i = 0; i < n; i += 1) for (let j = i + 1; j < n; j += 1) off += cell(a, i, j) ** 2;
    if (off < 1e-20) break;
    for (let p = 0; p < n; p += 1) {
      for (let q = p + 1; q < n; q += 1) {
        if (Math.abs(cell(a, p, q)) < 1e-30) continue;
        const theta = (cell(a, q, q) - cell(a, p, p)) / (2 * cell(a, p, q));
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let k = 0; k < n; k += 1) {
          const akp = cell(a, k, p);
          const akq = cell(a, k, q);
          a[k]![p] = c * akp - s * akq;
          a[k]![q] = s * akp + c * akq;
        }
        for (let k = 0; k < n; k += 1) {
          const apk = cell(a, p, k);
          const aqk = cell(a, q, k);
          a[p]![k] = c * apk - s * aqk;
          a[q]![k] = s * apk + c * aqk;
        }
        for (let k = 0; k < n; k += 1) {
          const vkp = cell(v, k, p);
          const vkq = cell(v, k, q);
          v[k]![p] = c * vkp - s * vkq;
          v[k]![q] = s * vkp + c * vkq;
        }
      }
    }
  }
  return { values: a.map((row, i) => row[i]!), vectors: v };
}

export function fitPca(samples: Float32Array[], maxComponents = samples.length - 1): Pca {
  const n = samples.length;
  const dimensions = samples[0]?.length ?? 0;
  const mean = new Float32Array(dimensions);
  for (const sample of samples) for (let d = 0; d < dimensions; d += 1) mean[d]! += sample[d]! / n;
  const centred = samples.map((sample) => sample.map((value, d) => value - mean[d]!));
  const gram = centred.map((a) =>
    centred.map((b) => {
      let dot = 0;
      for (let d = 0; d < dimensions; d += 1) dot += a[d]! * b[d]!;
      return dot;
    }),
  );
  const { values, vectors } = symmetricEigen(gram);
  const order = values
    .map((value, index) => ({ value, index }))
    .filter(({ value }) => value > 1e-6 * Math.max(...values))
    .sort((a, b) => b.value - a.value)
    .slice(0, maxComponents);
  const components = order.map(({ value, index }) => {
    const component = new Float32Array(dimensions);
    centred.forEach((sample, i) => {
      const weight = vectors[i]![index]! / Math.sqrt(value);
      for (let d = 0; d < dimensions; d += 1) component[d]! += weight * sample[d]!;
    });
    return component;
  });
  const deviations = order.map(({ value }) => Math.sqrt(value / Math.max(1, n - 1)));
  return { dimensions, mean, components, deviations };
}

/** Coordinates of a sample along each component. */
export function project(pca: Pca, sample: Float32Array): number[] {
  return pca.components.map((component) => {
    let dot = 0;
    for (let d = 0; d < pca.dimensions; d += 1) dot += component[d]! * (sample[d]! - pca.mean[d]!);
    return dot;
  });
}

/** mean + sum of coefficient_k * component_k. */
export function reconstruct(pca: Pca, coefficients: number[]): Float32Array {
  const out = Float32Array.from(pca.mean);
  pca.components.forEach((component, k) => {
    const weight = coefficients[k] ?? 0;
    if (weight === 0) return;
    for (let d = 0; d < pca.dimensions; d += 1) out[d]! += weight * component[d]!;
  });
  return out;
}
