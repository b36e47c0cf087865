import { CANONICAL } from './align-face';
import type { RgbImage } from './face-api';
import { fitPca, project, reconstruct, type Pca } from './pca';
import { normalFrom, seededRandom } from './random';

/**
 * A person's learned appearance: a PCA model of their aligned faces (mean face plus the main
 * ways their photos vary: pose, expression, lighting, hair), and face descriptors of the photos
 * for identity scores. New faces are drawn from the Gaussian the PCA fitted.
 */
export interface AppearanceModel {
  size: number;
  pca: Pca;
  /** 128-d descriptors of the training faces. */
  references: number[][];
  /** Where each training face sits in the model (a near-copy check for samples). */
  trainingCoefficients: number[][];
}

const toSample = (face: RgbImage) => Float32Array.from(face.data);

export function fitAppearanceModel(
  faces: RgbImage[],
  descriptors: ArrayLike<number>[],
): AppearanceModel {
  const samples = faces.map(toSample);
  const pca = fitPca(samples);
  return {
    size: faces[0]?.width ?? CANONICAL.size,
    pca,
    references: descriptors.map((descriptor) => Array.from(descriptor)),
    trainingCoefficients: samples.map((sample) => project(pca, sample)),
  };
}

/**
 * A new face: coefficients drawn from N(0, deviation²) scaled by `temperature` (0 = the mean
 * face, 1 = as varied as the photos). Deterministic for a seed.
 */
export function sampleCoefficients(
  model: AppearanceModel,
  seed: number,
  temperature: number,
): number[] {
  const normal = normalFrom(seededRandom(seed));
  return model.pca.deviations.map((deviation) => normal() * deviation * temperature);
}

export function renderFace(model: AppearanceModel, coefficients: number[]): RgbImage {
  const values = reconstruct(model.pca, coefficients);
  const data = new Uint8Array(values.length);
  for (let index = 0; index < values.length; index += 1) {
    data[index] = Math.min(255, Math.max(0, Math.round(values[index]!)));
  }
  return { data, width: model.size, height: model.size };
}

/** Binary layout: u32 header length, JSON header, then float32 mean and components. */
export function serializeModel(model: AppearanceModel): Buffer {
  const { pca } = model;
  const header = Buffer.from(
    JSON.stringify({
      version: 1,
      size: model.size,
      dimensions: pca.dimensions,
      deviations: pca.deviations,
      references: model.references,
      trainingCoefficients: model.trainingCoefficients,
    }),
  );
  const length = Buffer.alloc(4);
  length.writeUInt32LE(header.length);
  const arrays = [pca.mean, ...pca.components].map((array) =>
    Buffer.from(array.buffer, array.byteOffset, array.byteLength),
  );
  return Buffer.concat([length, header, ...arrays]);
}

export function deserializeModel(data: Buffer): AppearanceModel {
  const headerLength = data.readUInt32LE(0);
  const header = JSON.parse(data.subarray(4, 4 + headerLength).toString('utf8')) as {
    size: number;
    dimensions: number;
    deviations: number[];
    references: number[][];
    trainingCoefficients: number[][];
  };
  // Copy into an aligned buffer: Float32Array views need a 4-byte aligned offset.
  const floats = new Float32Array(new Uint8Array(data.subarray(4 + headerLength)).slice().buffer);
  const slice = (index: number) =>
    floats.slice(index * header.dimensions, (index + 1) * header.dimensions);
  return {
    size: header.size,
    pca: {
      dimensions: header.dimensions,
      mean: slice(0),
      components: header.deviations.map((_, index) => slice(index + 1)),
      deviations: header.deviations,
    },
    references: header.references,
    trainingCoefficients: header.trainingCoefficients,
  };
}
