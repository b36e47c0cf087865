import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

import type * as Tf from '@tensorflow/tfjs';
import type * as FaceApiModule from '@vladmandic/face-api/dist/face-api.node-wasm.js';
import { faceApiModelsDir } from '../../src/model-weights';

type FaceApi = typeof FaceApiModule;

const require = createRequire(import.meta.url);

let loaded: Promise<FaceApi> | undefined;

/**
 * face-api itself on tfjs' wasm backend, with its detector, landmark net and face-recognition
 * net: the reference face-net is compared with. Its .wasm files and model files are read from
 * node_modules, never fetched. The node-wasm build needs `@tensorflow/tfjs` resolvable from
 * face-api's folder: this package depends on it, and pnpm hoists it into .pnpm/node_modules.
 */
export function loadFaceApi(): Promise<FaceApi> {
  loaded ??= (async () => {
    const faceapi = require('@vladmandic/face-api/dist/face-api.node-wasm.js') as FaceApi;
    const wasm = require('@tensorflow/tfjs-backend-wasm') as {
      setWasmPaths(prefix: string): void;
    };
    wasm.setWasmPaths(
      `${join(dirname(require.resolve('@tensorflow/tfjs-backend-wasm/package.json')), 'dist')}/`,
    );
    // face-api's own typing of its tfjs is partial; it is the full @tensorflow/tfjs at run time.
    const tf = faceapi.tf as unknown as typeof Tf;
    await tf.setBackend('wasm');
    await tf.ready();
    const models = faceApiModelsDir();
    await faceapi.nets.ssdMobilenetv1.loadFromDisk(models);
    await faceapi.nets.faceLandmark68Net.loadFromDisk(models);
    await faceapi.nets.faceRecognitionNet.loadFromDisk(models);
    return faceapi;
  })();
  return loaded;
}
