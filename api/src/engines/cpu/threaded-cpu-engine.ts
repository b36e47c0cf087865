import type { Worker } from 'node:worker_threads';
import { JobFailure, TransientJobError } from '../../jobs/job-failures';
import type {
  CallContext,
  EditRequest,
  Engine,
  EngineImage,
  GenerateRequest,
  TrainRequest,
  TrainResult,
} from '../engine';
import {
  asBuffer,
  type ThreadCall,
  type ThreadData,
  type ThreadError,
  type ThreadReply,
  type ThreadResult,
} from './thread-protocol';
import { resampleTwice } from '../../media/enlarge';
import { startThread } from './start-thread';

interface Pending {
  onProgress(progress: number): void;
  resolve(result: ThreadResult): void;
  reject(error: unknown): void;
}

/** An image as it arrives from the thread: its PNG seen as a Buffer again. */
const received = ({ data, identityScore }: EngineImage): EngineImage => ({
  data: asBuffer(data),
  identityScore,
});

/** Errors keep the class the job worker acts on: JobFailure (user-facing), TransientJobError. */
function rebuildError({ name, message, stack }: ThreadError): Error {
  const error =
    name === 'JobFailure'
      ? new JobFailure(message)
      : name === 'TransientJobError'
        ? new TransientJobError(message)
        : Object.assign(new Error(message), { name });
  if (stack) error.stack = stack;
  return error;
}

/**
 * How long the engine's thread may sit without a call before it ends. An idle thread holds what
 * its work left (its isolate, the models it loaded, the allocator's arenas: far more than the
 * api itself after a training); ending it gives all of it back. A new thread makes the next call
 * wait for its start, so a user making images one after another keeps the same thread.
 */
const ENGINE_THREAD_IDLE_MS = 5 * 60_000;

/**
 * The built-in CPU engine (`CpuEngine`) in a worker thread, behind the same `Engine` interface:
 * a training keeps both cores busy for seconds, and off the main thread the api keeps answering.
 * The thread starts with the first call and opens its own storage over the same data directory.
 *
 * Progress comes back as messages; an aborted signal rejects at once with its reason and tells
 * the thread to stop at its next checkpoint; `JobFailure` and `TransientJobError` keep their
 * class. Output images are transferred, not copied. Inputs are copied once (structured clone):
 * they belong to the caller, and transferring them would empty the caller's buffers. If the
 * thread dies, its calls fail with a `TransientJobError` (retried) and the next call starts a
 * new thread. After `idleMs` without a call the thread ends; the next call starts another.
 * `close()` terminates it (the app's onClose, see `threadedCpuEngine`).
 */
export class ThreadedCpuEngine implements Engine {
  readonly name = 'builtin-cpu';
  private worker: Worker | undefined;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private closed = false;
  private idleTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly options: ThreadData,
    private readonly idleMs = ENGINE_THREAD_IDLE_MS,
  ) {}

  /** Whether a thread is up (it starts with a call and ends when idle or closed). */
  get threadRunning(): boolean {
    return this.worker !== undefined;
  }

  train(request: TrainRequest, context: CallContext): Promise<TrainResult> {
    return this.call((id) => ({ type: 'train', id, request }), context) as Promise<TrainResult>;
  }

  async generate(request: GenerateRequest, context: CallContext): Promise<EngineImage> {
    const [image] = await this.generateMany(request, 1, context);
    return image!;
  }

  /** A batch in one call: the thread reads the models once (`CpuEngine.generateMany`). */
  async generateMany(
    request: GenerateRequest,
    count: number,
    context: CallContext,
  ): Promise<EngineImage[]> {
    const images = await this.call((id) => ({ type: 'generate', id, request, count }), context);
    return (images as EngineImage[]).map(received);
  }

  edit(request: EditRequest, context: CallContext): Promise<EngineImage> {
    return this.image(this.call((id) => ({ type: 'edit', id, request }), context));
  }

  /** A resample: sharp works on libuv's pool, so the thread is not needed for it. */
  enlarge(image: Buffer, context: CallContext): Promise<Buffer> {
    return resampleTwice(image, context);
  }

  /** Terminates the thread; calls still running fail. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.idleTimer);
    const worker = this.worker;
    this.worker = undefined;
    this.failAll(new Error('The CPU engine was closed.'));
    await worker?.terminate();
  }

  private async image(result: Promise<ThreadResult>): Promise<EngineImage> {
    return received((await result) as EngineImage);
  }

  private call(
    make: (id: number) => ThreadCall,
    { signal, onProgress }: CallContext,
  ): Promise<ThreadResult> {
    if (signal.aborted) return Promise.reject(signal.reason);
    if (this.closed) return Promise.reject(new Error('The CPU engine was closed.'));
    clearTimeout(this.idleTimer);
    const worker = this.thread();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        if (!this.settle(id)) return;
        this.worker?.postMessage({ type: 'cancel', id });
        reject(signal.reason);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      const done = () => signal.removeEventListener('abort', onAbort);
      this.pending.set(id, {
        onProgress,
        resolve: (result) => {
          done();
          resolve(result);
        },
        reject: (error) => {
          done();
          reject(error);
        },
      });
      worker.ref();
      worker.postMessage(make(id));
    });
  }

  /**
   * Forgets a call. With none left the thread is unref'd, so it never keeps the process alive,
   * and the idle clock starts.
   */
  private settle(id: number): Pending | undefined {
    const pending = this.pending.get(id);
    this.pending.delete(id);
    if (this.pending.size === 0 && this.worker) {
      this.worker.unref();
      clearTimeout(this.idleTimer);
      this.idleTimer = setTimeout(() => this.endIdleThread(), this.idleMs).unref();
    }
    return pending;
  }

  private endIdleThread(): void {
    const worker = this.worker;
    if (!worker || this.pending.size > 0) return;
    // Forgotten first: its exit is then not taken for a crash.
    this.worker = undefined;
    void worker.terminate();
  }

  private failAll(error: Error): void {
    for (const id of [...this.pending.keys()]) this.settle(id)?.reject(error);
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const worker = startThread('cpu-engine-thread', { workerData: this.options });
    const lost = (cause: unknown) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      this.failAll(new TransientJobError('The image engine stopped unexpectedly.', { cause }));
    };
    worker.on('message', (reply: ThreadReply) => {
      if (reply.type === 'progress') {
        this.pending.get(reply.id)?.onProgress(reply.progress);
      } else if (reply.type === 'done') {
        this.settle(reply.id)?.resolve(reply.result);
      } else {
        this.settle(reply.id)?.reject(rebuildError(reply.error));
      }
    });
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`engine thread exited with code ${code}`)));
    worker.unref();
    this.worker = worker;
    return worker;
  }
}
