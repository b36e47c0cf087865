import { createServer } from 'node:net';
import { ThreadedCpuEngine } from '../../src/engines/cpu/threaded-cpu-engine';
import type { Engine } from '../../src/engines/engine';
import { engineRunners } from '../../src/engines/engine-runners';
import {
  REPLICATE_ENGINE_LIMITS,
  REPLICATE_WORKER_CONCURRENCY,
  ReplicateEngine,
} from '../../src/engines/replicate/replicate-engine';
import { startJobWorker } from '../../src/jobs/start-worker';
import type { ReplicateDouble } from './replicate-double';
import { startStudio, type Studio } from './studio';

/** A port free right now: Replicate's webhooks need the app's public URL before it listens. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * The app configured for Replicate (pointed at the double), with webhooks reaching it on
 * PUBLIC_URL. Fast polls unless `env` says otherwise.
 */
export async function startReplicateStudio(
  double: ReplicateDouble,
  env: Record<string, string> = {},
): Promise<Studio> {
  const port = await freePort();
  return startStudio({
    ...double.env(),
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    REPLICATE_POLL_SECONDS: '5',
    ...env,
  });
}

/**
 * What main.ts runs with Replicate configured: new trainings there (face checks and scores in the
 * CPU engine's thread), models the CPU engine trained on the CPU. Stop the studio, then the
 * returned stop() ends the engine thread (main.ts does that in the app's onClose). `wrap` lets a
 * test put itself between the runners and the Replicate engine (to fail one step, say).
 */
export async function startReplicateWorker(
  studio: Studio,
  wrap: (engine: Engine) => Engine = (engine) => engine,
): Promise<{ stop(): Promise<void> }> {
  const { app, config } = studio.running;
  if (!app.replicate) throw new Error('Replicate is not configured');
  const cpuEngine = new ThreadedCpuEngine({
    dataDir: config.dataDir,
    urlSigningSecret: app.urlSigningSecret,
  });
  const engine = new ReplicateEngine({
    service: app.replicate,
    db: app.db,
    storage: app.storage,
    log: app.log,
    faces: cpuEngine,
  });
  await startJobWorker(
    app,
    engineRunners(app, wrap(engine), [cpuEngine]),
    REPLICATE_ENGINE_LIMITS,
    REPLICATE_WORKER_CONCURRENCY,
  );
  return { stop: () => cpuEngine.close() };
}
