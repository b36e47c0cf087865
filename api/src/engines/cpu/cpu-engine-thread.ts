/**
 * The engine thread started by `ThreadedCpuEngine`: it owns a `CpuEngine` (PCA, image synthesis;
 * its face detection runs in a face thread of its own, see face-worker.ts) with its own storage
 * over the same data directory, runs the calls posted to it and posts back progress and results,
 * so the api's event loop never waits for a training.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createStorage } from '../../storage/create-storage';
import type { CallContext, EngineImage } from '../engine';
import { CpuEngine } from './cpu-engine';
import {
  asBuffer,
  ownBytes,
  type ThreadCall,
  type ThreadData,
  type ThreadError,
  type ThreadMessage,
  type ThreadReply,
  type ThreadResult,
} from './thread-protocol';

const port = parentPort;
if (!port) throw new Error('cpu-engine-thread runs in a worker thread');

const { dataDir, urlSigningSecret, s3 } = workerData as ThreadData;
const engine = new CpuEngine(await createStorage(dataDir, urlSigningSecret, s3));
const running = new Map<number, AbortController>();

const post = (reply: ThreadReply, transfer: ArrayBuffer[] = []) =>
  port.postMessage(reply, transfer);

function describe(error: unknown): ThreadError {
  if (error instanceof Error) {
    return { name: error.name, message: error.message, stack: error.stack };
  }
  return { name: 'Error', message: String(error) };
}

/** The PNGs are ours alone: their memory is handed over instead of copied. */
const handedOver = (image: EngineImage): EngineImage => ({
  ...image,
  data: ownBytes(image.data) as Buffer,
});
const memoryOf = (image: EngineImage) => image.data.buffer as ArrayBuffer;

async function dispatch(call: ThreadCall, context: CallContext): Promise<ThreadResult> {
  switch (call.type) {
    case 'train': {
      const photos = call.request.photos.map((photo) => ({ ...photo, data: asBuffer(photo.data) }));
      return engine.train({ ...call.request, photos }, context);
    }
    case 'generate':
      return engine.generateMany(call.request, call.count, context);
    case 'edit': {
      const { image, mask } = call.request;
      return engine.edit(
        { ...call.request, image: asBuffer(image), mask: asBuffer(mask) },
        context,
      );
    }
  }
}

async function run(call: ThreadCall): Promise<void> {
  const controller = new AbortController();
  running.set(call.id, controller);
  const context: CallContext = {
    signal: controller.signal,
    onProgress: (progress) => post({ type: 'progress', id: call.id, progress }),
  };
  try {
    const result = await dispatch(call, context);
    if (Array.isArray(result)) {
      const images = result.map(handedOver);
      post({ type: 'done', id: call.id, result: images }, images.map(memoryOf));
    } else if ('data' in result) {
      const image = handedOver(result);
      post({ type: 'done', id: call.id, result: image }, [memoryOf(image)]);
    } else {
      post({ type: 'done', id: call.id, result });
    }
  } catch (error) {
    post({ type: 'failed', id: call.id, error: describe(error) });
  } finally {
    running.delete(call.id);
  }
}

port.on('message', (message: ThreadMessage) => {
  if (message.type === 'cancel') {
    running.get(message.id)?.abort(new Error('canceled'));
    return;
  }
  void run(message);
});
