import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

import type * as Tf from '@tensorflow/tfjs';
import type * as FaceApiModule from '@vladmandic/face-api/dist/face-api.node-wasm.js';
import type { DescribedFace, FaceFinding, Point, RgbImage } from './face-api';
import { ssdForwardInSteps, type SsdParams } from './ssd-in-steps';

export type FaceApi = typeof FaceApiModule;

const require = createRequire(import.meta.url);

let loaded: Promise<FaceApi> | undefined;
let recognitionLoaded: Promise<void> | undefined;

/** face-api's model files, read from its package. */
const modelsDir = () =>
  join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'model');

/**
 * face-api on tfjs' wasm backend: its .wasm files and face-api's model files are read from
 * node_modules, never fetched. The node-wasm build needs `@tensorflow/tfjs` resolvable from
 * face-api's folder: the api depends on it, and pnpm hoists it into .pnpm/node_modules.
 * Loaded only in the face thread (face-thread.ts): its wasm heap never shrinks, and ending the
 * thread is the only way to give it back. Loads the detector and the landmark net; the
 * face-recognition net only when a descriptor is first asked for (`loadRecognitionNet`).
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
    await faceapi.nets.ssdMobilenetv1.loadFromDisk(modelsDir());
    detectInSteps(faceapi, tf);
    await faceapi.nets.faceLandmark68Net.loadFromDisk(modelsDir());
    return faceapi;
  })();
  return loaded;
}

/**
 * face-api with its face-recognition net loaded too: its weights, XNNPACK's packed copy of its
 * filters and its working set in the wasm heap are paid only by a thread that makes descriptors
 * (trainings, identity scores), not by one that only checks uploaded photos.
 */
async function loadRecognitionNet(): Promise<FaceApi> {
  const faceapi = await loadFaceApi();
  recognitionLoaded ??= faceapi.nets.faceRecognitionNet.loadFromDisk(modelsDir());
  await recognitionLoaded;
  return faceapi;
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

/** Runs face-api on an image's pixels as a tensor, freed afterwards. */
async function onTensor<T>(
  faceapi: FaceApi,
  image: RgbImage,
  run: (input: never) => Promise<T>,
): Promise<T> {
  const tensor = faceapi.tf.tensor3d(image.data, [image.height, image.width, 3], 'int32');
  try {
    return await run(tensor as never);
  } finally {
    tensor.dispose();
  }
}

/** face-api's task for every face at confidence 0.5 with its landmarks. */
const facesWithLandmarks = (faceapi: FaceApi, input: never) =>
  faceapi
    .detectAllFaces(input, new faceapi.SsdMobilenetv1Options({ minConfidence: 0.5 }))
    .withFaceLandmarks();

/** What this module reads of one of face-api's detections with landmarks. */
interface Detection {
  detection: { box: FaceFinding['box']; score: number };
  landmarks: { positions: Point[] };
}

function finding({ detection, landmarks }: Detection): FaceFinding {
  const { x, y, width, height } = detection.box;
  return {
    box: { x, y, width, height },
    score: detection.score,
    landmarks: landmarks.positions.map(({ x, y }) => ({ x, y })),
  };
}

const mostConfidentFirst = (a: FaceFinding, b: FaceFinding) => b.score - a.score;

/**
 * Every face with its landmarks, most confident first, in this thread. The face thread runs one
 * at a time: tfjs keeps global state and its wasm backend runs one op at a time.
 */
export async function detectFacesInThisThread(image: RgbImage): Promise<FaceFinding[]> {
  const faceapi = await loadFaceApi();
  const detections = await onTensor(faceapi, image, (input) =>
    facesWithLandmarks(faceapi, input).run(),
  );
  return detections.map(finding).sort(mostConfidentFirst);
}

/**
 * `detectFacesInThisThread` with each face's descriptor: the same detections and landmarks,
 * then face-api's recognition net on each aligned face.
 */
export async function describeFacesInThisThread(image: RgbImage): Promise<DescribedFace[]> {
  const faceapi = await loadRecognitionNet();
  const detections = await onTensor(faceapi, image, (input) =>
    facesWithLandmarks(faceapi, input).withFaceDescriptors().run(),
  );
  return detections
    .map((detection) => ({ ...finding(detection), descriptor: detection.descriptor }))
    .sort(mostConfidentFirst);
}
