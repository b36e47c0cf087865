import type { Engine } from '../../src/engines/engine';
import { runEngines } from '../../src/plugins/job-worker';
import { freePort } from './free-port';
import type { ReplicateDouble } from './replicate-double';
import { startStudio, type Studio } from './studio';

/**
 * The app configured for Replicate (pointed at the double), with webhooks reaching it on
 * PUBLIC_URL. Fast polls, and no previews (their own tests turn them on), unless `env` says
 * otherwise.
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
    REPLICATE_PREVIEWS: 'false',
    ...env,
  });
}

/**
 * What main.ts runs with Replicate configured. Stop the studio, then the returned stop() ends the
 * engine thread (main.ts does that in the app's onClose). `wrap` lets a test put itself between
 * the runners and the Replicate engine (to fail one step, say).
 */
export async function startReplicateWorker(
  studio: Studio,
  wrap?: (engine: Engine) => Engine,
): Promise<{ stop(): Promise<void> }> {
  const { app, config } = studio.running;
  if (!app.replicate) throw new Error('Replicate is not configured');
  const engines = await runEngines(app, config, wrap);
  return { stop: () => engines.close() };
}
