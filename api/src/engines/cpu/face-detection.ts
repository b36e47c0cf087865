import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

import type * as Tf from '@tensorflow/tfjs';
import type * as FaceApiModule from '@vladmandic/face-api/dist/face-api.node-wasm.js';
import type { DescribedFace, FaceFinding, RgbImage } from './face-api';
import { findFaces, locateFacesWithLandmarks, type LocatedFace } from './face-net/find-faces';
import { faceApiModelsDir } from './face-net/model-weights';

export type FaceApi = typeof FaceApiModule;

const require = createRequire(import.meta.url);

let loaded: Promise<FaceApi> | undefined;

/**
 * face-api on tfjs' wasm backend with its face-recognition net: what descriptors need (trainings'
 * reviews, identity scores), never a photo check. Its .wasm files and model files are read from
 * node_modules, never fetched. The node-wasm build needs `@tensorflow/tfjs` resolvable from
 * face-api's folder: the api depends on it, and pnpm hoists it into .pnpm/node_modules. Loaded
 * only in the face thread (face-thread.ts): tfjs' wasm heap never shrinks, and ending the thread
 * is the only way to give it back.
 */
export function loadRecognitionNet(): Promise<FaceApi> {
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
    await faceapi.nets.faceRecognitionNet.loadFromDisk(faceApiModelsDir());
    return faceapi;
  })();
  return loaded;
}

/** Whether this thread has loaded face-api and tfjs (only a descriptor makes it). */
export const recognitionNetLoaded = () => loaded !== undefined;

/**
 * Every face with its landmarks, most confident first, in this thread: face-api's detector and
 * landmark net on their own weights (face-net/), without tfjs.
 */
export function detectFacesInThisThread(image: RgbImage): FaceFinding[] {
  return findFaces(image);
}

/**
 * `detectFacesInThisThread` with each face's descriptor: the same detections and landmarks, then
 * face-api's recognition net on each face aligned as face-api aligns it (dlib's alignment).
 */
export async function describeFacesInThisThread(image: RgbImage): Promise<DescribedFace[]> {
  const located = locateFacesWithLandmarks(image);
  if (located.length === 0) return [];
  const faceapi = await loadRecognitionNet();
  const pixels = faceapi.tf.tensor3d(image.data, [image.height, image.width, 3], 'int32');
  try {
    const described: DescribedFace[] = [];
    for (const face of located) {
      const [chip] = await faceapi.extractFaceTensors(pixels, [alignedRect(faceapi, face)]);
      // A face whose aligned square has no whole pixel has nothing to describe.
      if (!chip) continue;
      try {
        const descriptor = (await faceapi.nets.faceRecognitionNet.computeFaceDescriptor(
          chip,
        )) as Float32Array;
        described.push({ ...face.finding, descriptor });
      } finally {
        chip.dispose();
      }
    }
    return described;
  } finally {
    pixels.dispose();
  }
}

/** face-api's `landmarks.align(null, { useDlibAlignment: true })` of a located face. */
function alignedRect(faceapi: FaceApi, { finding, crop, relativeLandmarks }: LocatedFace) {
  const relative = [];
  for (let index = 0; index < relativeLandmarks.length; index += 2) {
    relative.push(new faceapi.Point(relativeLandmarks[index]!, relativeLandmarks[index + 1]!));
  }
  const landmarks = new faceapi.FaceLandmarks68(
    relative,
    { width: crop.width, height: crop.height },
    new faceapi.Point(finding.box.x, finding.box.y),
  );
  return landmarks.align(null, { useDlibAlignment: true });
}
