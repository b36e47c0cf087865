import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from './paths';
import { productEnv } from './product-env';

/**
 * Starts another instance of the built product (the api serving the front ends); the web server
 * of the run (playwright.config.ts) has compiled it.
 */
export async function startProduct(port: number, env: Record<string, string>) {
  const child: ChildProcess = spawn(process.execPath, ['dist/main.js'], {
    cwd: join(REPO_ROOT, 'api'),
    env: {
      ...process.env,
      ...productEnv(port, mkdtempSync(join(tmpdir(), 'studio-e2e-extra-'))),
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const origin = `http://localhost:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await fetch(`${origin}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline || child.exitCode !== null) {
      child.kill();
      throw new Error(`product on port ${port} did not start`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    origin,
    stop: () => stopProcess(child),
  };
}

/** Longer than the product's own shutdown deadline: SIGKILL only if that failed too. */
const STOP_GRACE_MS = 20_000;

/** SIGTERM, and SIGKILL if the process has not exited after a grace period. */
function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
