import type { AppConfig } from '../config';
import type { KindLimits } from '../jobs/lease-store';
import { CPU_ENGINE_LIMITS } from '../jobs/start-worker';
import { faceWorker } from './cpu/face-worker';
import { ThreadedCpuEngine } from './cpu/threaded-cpu-engine';
import type { Engine } from './engine';
import type { CogEngineOptions } from './cog/cog-engine';
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
 * This process's engines. The built-in CPU engine runs in a worker thread. With Cog or Replicate
 * configured, new trainings run there (Cog first: an operator who runs their own GPUs wants the
 * photos to stay there), and models the other engines trained keep generating on them.
 * Face detection (uploaded photos' checks, Replicate's photo reviews and identity scores) runs
 * in the face thread (cpu/face-worker.ts), which ends when idle.
 */
export async function startEngines(
  config: Pick<AppConfig, 'dataDir' | 's3'> & { urlSigningSecret: string },
  replicate: ReplicateEngineOptions | null,
  cog: CogEngineOptions | null = null,
): Promise<RunningEngines> {
  const cpuEngine = new ThreadedCpuEngine({
    dataDir: config.dataDir,
    urlSigningSecret: config.urlSigningSecret,
    ...(config.s3 ? { s3: config.s3 } : {}),
  });
  const close = async () => {
    await Promise.all([cpuEngine.close(), faceWorker.close()]);
  };
  // Loaded only when configured: the SDK and the zip writer are not needed otherwise.
  const replicateModule = replicate && (await import('./replicate/replicate-engine'));
  const replicateEngine = replicate && new replicateModule!.ReplicateEngine(replicate);
  if (cog) {
    const { COG_ENGINE_LIMITS, COG_WORKER_CONCURRENCY, CogEngine } =
      await import('./cog/cog-engine');
    return {
      trainWith: new CogEngine(cog),
      others: replicateEngine ? [cpuEngine, replicateEngine] : [cpuEngine],
      limits: COG_ENGINE_LIMITS,
      maxConcurrent: COG_WORKER_CONCURRENCY,
      close,
    };
  }
  if (!replicateEngine) {
    return { trainWith: cpuEngine, others: [], limits: CPU_ENGINE_LIMITS, close };
  }
  return {
    trainWith: replicateEngine,
    others: [cpuEngine],
    limits: replicateModule!.REPLICATE_ENGINE_LIMITS,
    maxConcurrent: replicateModule!.REPLICATE_WORKER_CONCURRENCY,
    close,
  };
}
