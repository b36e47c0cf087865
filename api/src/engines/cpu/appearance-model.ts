import { CANONICAL } from './align-face';
import type { Point, RgbImage } from './face-api';
import { fitPca, project, reconstruct, type Pca } from './pca';
import type { Portrait } from './portraits';
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
  /** Where each training face sits in the model. */
  trainingCoefficients: number[][];
  /** The person around the face, from the best-suited photos (empty in version 1 models). */
  portraits: Portrait[];
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
    portraits: [],
  };
}

/**
 * A face drawn around a photo's face: ANCHOR of the way from the person's average face to that
 * photo's, its variation scaled by SPREAD. Far-out draws mix features of different photos
 * (doubled brows, a ghost of another mouth), so they stay nearer the photo.
 */
const ANCHOR = 0.7;
const SPREAD = 0.6;

/**
 * A new face: coefficients drawn from N(0, deviation²) scaled by `temperature` (0 = the mean
 * face, 1 = as varied as the photos), deterministic for a seed. Drawn `around` a training face's
 * coefficients, the face keeps that photo's pose (it is pasted into that photo's head) and is
 * pulled towards the person's average by 1 - ANCHOR.
 */
export function sampleCoefficients(
  model: AppearanceModel,
  seed: number,
  temperature: number,
  around?: number[],
): number[] {
  const normal = normalFrom(seededRandom(seed));
  return model.pca.deviations.map((deviation, k) =>
    around
      ? ANCHOR * around[k]! + normal() * deviation * temperature * SPREAD
      : normal() * deviation * temperature,
  );
}

export function renderFace(model: AppearanceModel, coefficients: number[]): RgbImage {
  const values = reconstruct(model.pca, coefficients);
  const data = new Uint8Array(values.length);
  for (let index = 0; index < values.length; index += 1) {
    data[index] = Math.min(255, Math.max(0, Math.round(values[index]!)));
  }
  return { data, width: model.size, height: model.size };
}

/**
 * Binary layout: u32 header length, JSON header, float32 mean and components, then the
 * portraits' WebP images. Version 1 (before portraits) ends after the components.
 */
export function serializeModel(model: AppearanceModel): Buffer {
  const { pca } = model;
  const header = Buffer.from(
    JSON.stringify({
      version: 2,
      size: model.size,
      dimensions: pca.dimensions,
      deviations: pca.deviations,
      references: model.references,
      trainingCoefficients: model.trainingCoefficients,
      portraits: model.portraits.map(({ training, weight, landmarks, image }) => ({
        training,
        weight,
        landmarks,
        bytes: image.length,
      })),
    }),
  );
  const length = Buffer.alloc(4);
  length.writeUInt32LE(header.length);
  const arrays = [pca.mean, ...pca.components].map((array) =>
    Buffer.from(array.buffer, array.byteOffset, array.byteLength),
  );
  return Buffer.concat([length, header, ...arrays, ...model.portraits.map((p) => p.image)]);
}

export function deserializeModel(data: Buffer): AppearanceModel {
  const headerLength = data.readUInt32LE(0);
  const header = JSON.parse(data.subarray(4, 4 + headerLength).toString('utf8')) as {
    size: number;
    dimensions: number;
    deviations: number[];
    references: number[][];
    trainingCoefficients: number[][];
    portraits?: { training: number; weight: number; landmarks: Point[]; bytes: number }[];
  };
  const floatBytes = (header.deviations.length + 1) * header.dimensions * 4;
  const floatStart = 4 + headerLength;
  // Copy into an aligned buffer: Float32Array views need a 4-byte aligned offset.
  const floats = new Float32Array(
    new Uint8Array(data.subarray(floatStart, floatStart + floatBytes)).slice().buffer,
  );
  const slice = (index: number) =>
    floats.slice(index * header.dimensions, (index + 1) * header.dimensions);
  let offset = floatStart + floatBytes;
  const portraits = (header.portraits ?? []).map(({ bytes, ...portrait }) => {
    const image = data.subarray(offset, offset + bytes);
    offset += bytes;
    return { ...portrait, image };
  });
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
    portraits,
  };
}
