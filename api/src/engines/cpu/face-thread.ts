/**
 * The face thread started by `FaceWorker`: face detection and, when asked for, descriptors
 * (@app/face-net), one call at a time (the FaceWorker sends the next call only after this one's
 * reply). Descriptors go back transferred; an error goes back as a reply, so the thread lives on.
 */
import { parentPort } from 'node:worker_threads';
import { describeFaces, findFaces } from '@app/face-net';
import type { DescribedFace, FaceFinding } from './face-api';
import type { FaceReply, FaceRequest } from './face-protocol';

const port = parentPort;
if (!port) throw new Error('face-thread runs in a worker thread');

/** The descriptor itself when it owns its whole buffer (so the buffer can be handed over). */
function ownArray(descriptor: Float32Array): Float32Array {
  const whole =
    descriptor.byteOffset === 0 && descriptor.byteLength === descriptor.buffer.byteLength;
  return whole && descriptor.buffer instanceof ArrayBuffer
    ? descriptor
    : new Float32Array(descriptor);
}

/** The faces and the buffers to transfer with them. */
function analyse({ image, analysis }: FaceRequest): {
  faces: FaceFinding[] | DescribedFace[];
  transfer: ArrayBuffer[];
} {
  if (analysis === 'landmarks') return { faces: findFaces(image), transfer: [] };
  const faces = describeFaces(image).map((face) => ({
    ...face,
    descriptor: ownArray(face.descriptor),
  }));
  return { faces, transfer: faces.map(({ descriptor }) => descriptor.buffer as ArrayBuffer) };
}

port.on('message', (request: FaceRequest) => {
  const { id } = request;
  try {
    const { faces, transfer } = analyse(request);
    port.postMessage({ id, faces } satisfies FaceReply, transfer);
  } catch (error) {
    const { name = 'Error', message = String(error) } = error instanceof Error ? error : {};
    port.postMessage({ id, error: { name, message } } satisfies FaceReply);
  }
});
