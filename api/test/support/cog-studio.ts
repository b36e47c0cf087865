import type { Engine } from '../../src/engines/engine';
import { runEngines } from '../../src/plugins/job-worker';
import type { CogDouble } from './cog-double';
import { freePort } from './free-port';
import { startStudio, type Studio } from './studio';

/**
 * The app configured for Cog (pointed at the double), with webhooks and signed input URLs
 * reaching it on PUBLIC_URL, and a short wait between tries while the double's slots are busy.
 */
export async function startCogStudio(
  double: CogDouble,
  env: Record<string, string> = {},
): Promise<Studio> {
  const port = await freePort();
  return startStudio({
    ...double.env(),
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    COG_BUSY_RETRY_MAX_SECONDS: '0.2',
    ...env,
  });
}

/** What main.ts runs with Cog configured; stop the studio first, then the returned stop(). */
export async function startCogWorker(
  studio: Studio,
  wrap?: (engine: Engine) => Engine,
): Promise<{ stop(): Promise<void> }> {
  const { app, config } = studio.running;
  if (!app.cog) throw new Error('Cog is not configured');
  const engines = await runEngines(app, config, wrap);
  return { stop: () => engines.close() };
}
