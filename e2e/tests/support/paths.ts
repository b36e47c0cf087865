import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const E2E_WORK_DIR = join(REPO_ROOT, 'e2e', '.work');
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;
/** A fresh data directory per run, so every run starts like a fresh machine. */
export const E2E_DATA_DIR =
  process.env.E2E_DATA_DIR ??
  (process.env.E2E_DATA_DIR = mkdtempSync(join(tmpdir(), 'studio-e2e-')));

/** Product instances a test starts itself, per worker: E2E_PORT+1..+3 for the first. */
const OWN_PORTS_PER_WORKER = 3;

/**
 * The port of a product instance a test starts for itself (`slot` 0..2), above E2E_PORT and
 * apart for each worker (its `testInfo.parallelIndex`), so workers side by side never share one.
 * With N workers a run uses E2E_PORT..E2E_PORT+3N, and 1000 above those for hosted UIs.
 */
export function ownProductPort(parallelIndex: number, slot: 0 | 1 | 2): number {
  return E2E_PORT + 1 + slot + OWN_PORTS_PER_WORKER * parallelIndex;
}
