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
