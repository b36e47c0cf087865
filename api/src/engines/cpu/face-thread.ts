/**
 * The face thread started by `FaceWorker`: face detection and, when asked for, descriptors or the
 * person segmentation (@app/face-net), one call at a time (the FaceWorker sends the next call
 * only after this one's reply). Arrays go back transferred; an error goes back as a reply, so
 * the thread lives on.
 */
import { parentPort } from 'node:worker_threads';
import { describeFaces, findFaces, segmentPerson } from '@app/face-net';
import type { FaceAnalyses, FaceAnalysis, FaceReply, FaceRequest } from './face-protocol';

const port = parentPort;
if (!port) throw new Error('face-thread runs in a worker thread');

/** The array itself when it owns its whole buffer (so the buffer can be handed over). */
function ownArray(array: Float32Array): Float32Array {
  const whole = array.byteOffset === 0 && array.byteLength === array.buffer.byteLength;
  return whole && array.buffer instanceof ArrayBuffer ? array : new Float32Array(array);
}

/** The analysis and the buffers to transfer with it. */
function analyse({ image, analysis }: FaceRequest): {
  result: FaceAnalyses[FaceAnalysis];
  transfer: ArrayBuffer[];
} {
  if (analysis === 'landmarks') return { result: findFaces(image), transfer: [] };
  if (analysis === 'person') {
    const probability = ownArray(segmentPerson(image));
    return { result: probability, transfer: [probability.buffer as ArrayBuffer] };
  }
  const faces = describeFaces(image).map((face) => ({
    ...face,
    descriptor: ownArray(face.descriptor),
  }));
  return {
    result: faces,
    transfer: faces.map(({ descriptor }) => descriptor.buffer as ArrayBuffer),
  };
}

port.on('message', (request: FaceRequest) => {
  const { id } = request;
  try {
    const { result, transfer } = analyse(request);
    port.postMessage({ id, result } satisfies FaceReply, transfer);
  } catch (error) {
    const { name = 'Error', message = String(error) } = error instanceof Error ? error : {};
    port.postMessage({ id, error: { name, message } } satisfies FaceReply);
  }
});
