import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig, type AppConfig } from '../src/config';

export function makeTempDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'studio-api-test-'));
}

export function removeDir(dir: string): Promise<void> {
  return rm(dir, { recursive: true, force: true });
}

export interface RunningApp {
  app: FastifyInstance;
  config: AppConfig;
  url: string;
}

/**
 * The real app from a real environment, listening on a free local port. `beforeListen` may add
 * test-only routes (the app is not ready yet at that point).
 */
export async function startApp(
  env: Record<string, string>,
  beforeListen?: (app: FastifyInstance) => void,
): Promise<RunningApp> {
  const config = loadConfig({ LOG_LEVEL: 'silent', HOST: '127.0.0.1', PORT: '0', ...env });
  const app = await buildApp(config);
  beforeListen?.(app);
  await app.listen({ host: config.host, port: config.port });
  const { port } = app.server.address() as AddressInfo;
  return { app, config, url: `http://127.0.0.1:${port}` };
}
