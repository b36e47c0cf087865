import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config';
import { startJobWorker } from '../jobs/start-worker';
import { faceWorker } from './cpu/face-worker';
import { ThreadedCpuEngine } from './cpu/threaded-cpu-engine';
import type { Engine } from './engine';
import { engineRunners } from './engine-runners';

export interface RunningEngines {
  /** Ends the CPU engine's thread and the face thread; the job worker stops with the app. */
  close(): Promise<void>;
}

/**
 * The job worker over this process's engines. The built-in CPU engine runs in a worker thread.
 * With Replicate configured, new trainings run there, and models the CPU engine trained keep
 * generating on it. Face detection (uploaded photos' checks, Replicate's photo reviews and
 * identity scores) runs in the face thread (cpu/face-worker.ts), which ends when idle. `wrap`
 * lets a test stand between the runners and the leading engine.
 */
export async function startEngines(
  app: FastifyInstance,
  config: Pick<AppConfig, 'dataDir' | 's3'>,
  wrap: (engine: Engine) => Engine = (engine) => engine,
): Promise<RunningEngines> {
  const cpuEngine = new ThreadedCpuEngine({
    dataDir: config.dataDir,
    urlSigningSecret: app.urlSigningSecret,
    ...(config.s3 ? { s3: config.s3 } : {}),
  });
  if (app.replicate) {
    // Loaded only with Replicate configured: its SDK and the zip writer are not needed otherwise.
    const { REPLICATE_ENGINE_LIMITS, REPLICATE_WORKER_CONCURRENCY, ReplicateEngine } =
      await import('./replicate/replicate-engine');
    const replicate = new ReplicateEngine({
      service: app.replicate,
      db: app.db,
      storage: app.storage,
      log: app.log.child({ component: 'replicate' }),
    });
    await startJobWorker(
      app,
      engineRunners(app, wrap(replicate), [cpuEngine]),
      REPLICATE_ENGINE_LIMITS,
      REPLICATE_WORKER_CONCURRENCY,
    );
  } else {
    await startJobWorker(app, engineRunners(app, wrap(cpuEngine), []));
  }
  return {
    close: async () => {
      await Promise.all([cpuEngine.close(), faceWorker.close()]);
    },
  };
}
