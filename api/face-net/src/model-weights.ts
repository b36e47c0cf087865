import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * One weight of a model: its shape and its stored values (most are 8-bit), written out as
 * float32 when needed. Kept quantised, a model's weights take a quarter of their float32 size.
 */
export interface Weight {
  shape: number[];
  size: number;
  /** Writes the float32 values, dequantised as tfjs does (`value × scale + min`), to `target`. */
  writeInto(target: Float32Array): void;
}

/** A weight's float32 values, in a new array. */
export function weightValues(weight: Weight): Float32Array {
  const values = new Float32Array(weight.size);
  weight.writeInto(values);
  return values;
}

/** What a tfjs weights manifest says of one weight. */
interface ManifestEntry {
  name: string;
  shape: number[];
  dtype: 'float32' | 'int32';
  quantization?: { dtype: 'uint8' | 'uint16'; scale: number; min: number };
}

interface ManifestGroup {
  paths: string[];
  weights: ManifestEntry[];
}

const require = createRequire(import.meta.url);

/**
 * face-api's model files, read from its package (they ship with it: nothing is fetched). Bundled
 * (the api's dist), this resolves from the bundle's folder: the api depends on face-api too.
 */
export const faceApiModelsDir = () =>
  join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'model');

const bytesPerValue = (entry: ManifestEntry) =>
  entry.quantization ? (entry.quantization.dtype === 'uint8' ? 1 : 2) : 4;

/**
 * The float32 weights of one of face-api's models (`<model>-weights_manifest.json` and its
 * shards), by their names in the manifest, dequantised as tfjs does (`value × scale + min`).
 * Integer entries (graph constants face-api never reads) are skipped.
 */
export function readModelWeights(model: string, dir = faceApiModelsDir()): Map<string, Weight> {
  const manifest = JSON.parse(
    readFileSync(join(dir, `${model}-weights_manifest.json`), 'utf8'),
  ) as ManifestGroup[];
  const weights = new Map<string, Weight>();
  for (const group of manifest) {
    const shards = group.paths.map((path) => readFileSync(join(dir, path)));
    const bytes = Buffer.concat(shards);
    let offset = 0;
    for (const entry of group.weights) {
      const count = entry.shape.reduce((size, dimension) => size * dimension, 1);
      const length = count * bytesPerValue(entry);
      if (entry.dtype === 'float32') {
        const stored = bytes.subarray(offset, offset + length);
        weights.set(entry.name, {
          shape: entry.shape,
          size: count,
          writeInto: writer(entry, stored),
        });
      }
      offset += length;
    }
    if (offset !== bytes.length) {
      throw new Error(
        `${model}: the manifest describes ${offset} bytes, its shards hold ${bytes.length}`,
      );
    }
  }
  return weights;
}

/** How a weight's stored bytes become float32 values. */
function writer(entry: ManifestEntry, stored: Buffer): Weight['writeInto'] {
  const { quantization } = entry;
  // A copy of its own: the shards' buffer is not kept.
  const bytes = Buffer.from(stored);
  if (!quantization) {
    return (target) => {
      for (let index = 0; index < target.length; index += 1)
        target[index] = bytes.readFloatLE(index * 4);
    };
  }
  const { scale, min } = quantization;
  const values =
    quantization.dtype === 'uint8'
      ? new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length)
      : Uint16Array.from({ length: bytes.length / 2 }, (_, index) => bytes.readUInt16LE(index * 2));
  return (target) => {
    for (let index = 0; index < values.length; index += 1)
      target[index] = values[index]! * scale + min;
  };
}

/** The weight called `name`, which must exist and have `rank` dimensions. */
export function weight(weights: Map<string, Weight>, name: string, rank: number): Weight {
  const found = weights.get(name);
  if (!found || found.shape.length !== rank) {
    throw new Error(`model weight ${name} (rank ${rank}) is missing`);
  }
  return found;
}
