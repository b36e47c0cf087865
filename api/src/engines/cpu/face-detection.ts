import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

import type * as Tf from '@tensorflow/tfjs';
import type * as FaceApiModule from '@vladmandic/face-api/dist/face-api.node-wasm.js';
import type { FaceFinding, RgbImage } from './face-api';
import { ssdForwardInSteps, type SsdParams } from './ssd-in-steps';

export type FaceApi = typeof FaceApiModule;

const require = createRequire(import.meta.url);

let loaded: Promise<FaceApi> | undefined;

/**
 * face-api on tfjs' wasm backend: its .wasm files and face-api's model files are read from
 * node_modules, never fetched. The node-wasm build needs `@tensorflow/tfjs` resolvable from
 * face-api's folder: the api depends on it, and pnpm hoists it into .pnpm/node_modules.
 * Loaded only in the face thread (face-thread.ts): its wasm heap never shrinks, and ending the
 * thread is the only way to give it back.
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
    const models = join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'model');
    await faceapi.nets.ssdMobilenetv1.loadFromDisk(models);
    detectInSteps(faceapi, tf);
    await faceapi.nets.faceLandmark68Net.loadFromDisk(models);
    await faceapi.nets.faceRecognitionNet.loadFromDisk(models);
    return faceapi;
  })();
  return loaded;
}

/**
 * Has face-api's detector run its network layer by layer (ssd-in-steps.ts): the same numbers,
 * but the wasm heap it leaves behind holds two layers instead of every layer's output.
 * `locateFaces` (scores, non-maximum suppression, boxes) stays face-api's own.
 */
function detectInSteps(faceapi: FaceApi, tf: typeof Tf): void {
  const detector = faceapi.nets.ssdMobilenetv1;
  const params = detector.params as unknown as SsdParams;
  type Output = ReturnType<typeof detector.forwardInput>;
  detector.forwardInput = (input) => {
    // face-api's input scaling: a 512 × 512 batch of -1..1.
    const batch = tf.tidy(() =>
      tf.sub(tf.div(tf.cast(input.toBatchTensor(512, false) as never, 'float32'), 127.5), 1),
    );
    return ssdForwardInSteps(tf, batch as Tf.Tensor4D, params) as unknown as Output;
  };
}

/**
 * Every face with its landmarks and descriptor, most confident first, in this thread. The face
 * thread runs one at a time: tfjs keeps global state and its wasm backend runs one op at a time.
 */
export async function detectFacesInThisThread(image: RgbImage): Promise<FaceFinding[]> {
  const faceapi = await loadFaceApi();
  const tensor = faceapi.tf.tensor3d(image.data, [image.height, image.width, 3], 'int32');
  try {
    const results = await faceapi
      .detectAllFaces(tensor as never, new faceapi.SsdMobilenetv1Options({ minConfidence: 0.5 }))
      .withFaceLandmarks()
      .withFaceDescriptors();
    return results
      .map((result) => ({
        box: {
          x: result.detection.box.x,
          y: result.detection.box.y,
          width: result.detection.box.width,
          height: result.detection.box.height,
        },
        score: result.detection.score,
        landmarks: result.landmarks.positions.map(({ x, y }) => ({ x, y })),
        descriptor: result.descriptor,
      }))
      .sort((a, b) => b.score - a.score);
  } finally {
    tensor.dispose();
  }
}
