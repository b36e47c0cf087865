import type { Worker } from 'node:worker_threads';
import { TransientJobError } from '../../jobs/job-failures';
import type { DescribedFace, FaceFinding, RgbImage } from '@app/face-net';
import type { FaceAnalyses, FaceAnalysis, FaceReply, FaceRequest } from './face-protocol';
import { startThread } from './start-thread';

/**
 * How long the face thread may sit idle before it ends: it keeps the face nets and their memory
 * (more once it has made descriptors); ending the thread is the only way to give that back.
 * Starting it again loads the nets anew, once per burst of checks.
 */
export const FACE_THREAD_IDLE_MS = 20_000;

interface Call {
  id: number;
  image: RgbImage;
  analysis: FaceAnalysis;
  signal: AbortSignal | undefined;
  /** False once the caller stopped waiting (its signal aborted, or the worker was closed). */
  waiting: boolean;
  resolve(result: FaceAnalyses[FaceAnalysis]): void;
  reject(error: unknown): void;
}

/**
 * Face analysis (face-thread.ts) in a worker thread of its own, started on the first call and
 * ended after `idleMs` without one, so the memory it takes is returned after a burst. One call at
 * a time reaches the thread, the others queue here. An aborted signal stops the wait at once (a
 * detection already running finishes in the thread, unseen). If the thread dies, the call it was
 * running fails with a `TransientJobError` (its job is retried) and the queued ones go to a fresh
 * thread.
 */
export class FaceWorker {
  private worker: Worker | undefined;
  private readonly queue: Call[] = [];
  /** The call the thread is working on, until its reply (also when its caller left). */
  private running: Call | undefined;
  private idleTimer: NodeJS.Timeout | undefined;
  private nextId = 1;

  constructor(private readonly idleMs = FACE_THREAD_IDLE_MS) {}

  /** The face thread while it runs: to watch it (its exit) or to measure it. */
  get thread(): Worker | undefined {
    return this.worker;
  }

  /** Every face with its landmarks, most confident first. */
  detect(image: RgbImage, signal?: AbortSignal): Promise<FaceFinding[]> {
    return this.enqueue(image, 'landmarks', signal);
  }

  /** Every face with its landmarks and descriptor, most confident first. */
  describe(image: RgbImage, signal?: AbortSignal): Promise<DescribedFace[]> {
    return this.enqueue(image, 'descriptors', signal);
  }

  /** The person probability per pixel of a SEGMENTATION_SIZE-square picture. */
  segment(image: RgbImage, signal?: AbortSignal): Promise<Float32Array> {
    return this.enqueue(image, 'person', signal);
  }

  private enqueue<A extends FaceAnalysis>(
    image: RgbImage,
    analysis: A,
    signal: AbortSignal | undefined,
  ): Promise<FaceAnalyses[A]> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        const queued = this.queue.indexOf(call);
        if (queued >= 0) this.queue.splice(queued, 1);
        call.reject(signal?.reason);
      };
      const call: Call = {
        id: this.nextId++,
        image,
        analysis,
        signal,
        waiting: true,
        resolve: (result) => {
          if (!call.waiting) return;
          call.waiting = false;
          signal?.removeEventListener('abort', onAbort);
          // The thread answers the analysis it was asked for.
          resolve(result as FaceAnalyses[A]);
        },
        reject: (error) => {
          if (!call.waiting) return;
          call.waiting = false;
          signal?.removeEventListener('abort', onAbort);
          reject(error);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.queue.push(call);
      this.next();
    });
  }

  /** Ends the thread now; calls running or queued fail. A later call starts a new thread. */
  async close(): Promise<void> {
    const error = new Error('Face analysis was shut down.');
    for (const call of this.queue.splice(0)) call.reject(error);
    this.running?.reject(error);
    this.running = undefined;
    await this.stop();
  }

  /** Sends the next queued call once the thread is free; with none left, starts the idle clock. */
  private next(): void {
    if (this.running) return;
    const call = this.queue.shift();
    clearTimeout(this.idleTimer);
    if (!call) {
      this.worker?.unref();
      this.idleTimer = setTimeout(() => void this.stop(), this.idleMs).unref();
      return;
    }
    this.running = call;
    const worker = this.thread ?? this.start();
    worker.ref();
    // The caller keeps its pixels (it aligns the face from them next): the thread gets a copy
    // whose memory moves over instead of being cloned again.
    const data = Uint8Array.from(call.image.data);
    const request: FaceRequest = {
      id: call.id,
      image: { ...call.image, data },
      analysis: call.analysis,
    };
    worker.postMessage(request, [data.buffer]);
  }

  private start(): Worker {
    const worker = startThread('face-thread');
    worker.on('message', (reply: FaceReply) => {
      const call = this.running;
      if (!call || call.id !== reply.id) return;
      this.running = undefined;
      if ('result' in reply) {
        call.resolve(reply.result);
      } else {
        call.reject(Object.assign(new Error(reply.error.message), { name: reply.error.name }));
      }
      this.next();
    });
    const lost = (cause: unknown) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      this.running?.reject(new TransientJobError('Face analysis stopped unexpectedly.', { cause }));
      this.running = undefined;
      this.next();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`face thread exited with code ${code}`)));
    this.worker = worker;
    return worker;
  }

  private async stop(): Promise<void> {
    clearTimeout(this.idleTimer);
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }
}

/** This thread's face worker: the api's main thread and the CPU engine's thread each have one. */
export const faceWorker = new FaceWorker();
