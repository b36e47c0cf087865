import type { AppConfig } from '../config';
import type { KindLimits } from '../jobs/lease-store';
import { CPU_ENGINE_LIMITS } from '../jobs/start-worker';
import { faceWorker } from './cpu/face-worker';
import { ThreadedCpuEngine } from './cpu/threaded-cpu-engine';
import type { Engine } from './engine';
import type { ReplicateEngineOptions } from './replicate/replicate-engine';

interface RunningEngines {
  /** New trainings run on it; a generation runs on the engine that trained its models. */
  trainWith: Engine;
  /** The engines that trained earlier models and still generate for them. */
  others: Engine[];
  /** The job limits and the worker's concurrency that suit `trainWith`. */
  limits: KindLimits;
  maxConcurrent?: number;
  /** Ends the CPU engine's thread and the face thread. */
  close(): Promise<void>;
}

/**
 * This process's engines. The built-in CPU engine runs in a worker thread. With Replicate
 * configured, new trainings run there, and models the CPU engine trained keep generating on it.
 * Face detection (uploaded photos' checks, Replicate's photo reviews and identity scores) runs
 * in the face thread (cpu/face-worker.ts), which ends when idle.
 */
export async function startEngines(
  config: Pick<AppConfig, 'dataDir' | 's3'> & { urlSigningSecret: string },
  replicate: ReplicateEngineOptions | null,
): Promise<RunningEngines> {
  const cpuEngine = new ThreadedCpuEngine({
    dataDir: config.dataDir,
    urlSigningSecret: config.urlSigningSecret,
    ...(config.s3 ? { s3: config.s3 } : {}),
  });
  const close = async () => {
    await Promise.all([cpuEngine.close(), faceWorker.close()]);
  };
  if (!replicate) return { trainWith: cpuEngine, others: [], limits: CPU_ENGINE_LIMITS, close };
  // Loaded only with Replicate configured: its SDK and the zip writer are not needed otherwise.
  const { REPLICATE_ENGINE_LIMITS, REPLICATE_WORKER_CONCURRENCY, ReplicateEngine } =
    await import('./replicate/replicate-engine');
  return {
    trainWith: new ReplicateEngine(replicate),
    others: [cpuEngine],
    limits: REPLICATE_ENGINE_LIMITS,
    maxConcurrent: REPLICATE_WORKER_CONCURRENCY,
    close,
  };
}
