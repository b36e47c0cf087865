import type { S3StorageOptions } from '../../storage/s3-storage';
import type {
  EditRequest,
  EngineImage,
  GenerateRequest,
  TrainRequest,
  TrainResult,
} from '../engine';

/** What `ThreadedCpuEngine` hands the engine thread at start: enough to open the same storage. */
export interface ThreadData {
  dataDir: string;
  urlSigningSecret: string;
  /** The bucket when files live in S3; credentials come from the thread's own default chain. */
  s3?: S3StorageOptions;
}

/** Main thread to engine thread: one engine call, or the cancel of one (its signal aborted). */
export type ThreadCall =
  | { type: 'train'; id: number; request: TrainRequest }
  | { type: 'generate'; id: number; request: GenerateRequest; count: number }
  | { type: 'edit'; id: number; request: EditRequest };

export type ThreadResult = TrainResult | EngineImage | EngineImage[];

export type ThreadMessage = ThreadCall | { type: 'cancel'; id: number };

/** An error as it crosses the thread boundary; the main side re-creates its class by name. */
export interface ThreadError {
  name: string;
  message: string;
  stack?: string;
}

/** Engine thread to main thread, per call: progress, then its result or its error. */
export type ThreadReply =
  | { type: 'progress'; id: number; progress: number }
  | { type: 'done'; id: number; result: ThreadResult }
  | { type: 'failed'; id: number; error: ThreadError };

/**
 * A Buffer crosses `postMessage` as a plain Uint8Array: the same bytes, seen as a Buffer again
 * (no copy).
 */
export function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * Bytes whose ArrayBuffer can be transferred: the buffer itself when it owns its whole
 * ArrayBuffer, else a copy (a slice of Node's shared pool must never be detached).
 */
export function ownBytes(bytes: Uint8Array): Uint8Array {
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  return whole && bytes.buffer instanceof ArrayBuffer ? bytes : new Uint8Array(bytes);
}
