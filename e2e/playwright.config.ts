import { join } from 'node:path';
import { defineConfig, devices, type LaunchOptions } from '@playwright/test';
import { E2E_BASE_URL, E2E_DATA_DIR, E2E_PORT, REPO_ROOT } from './tests/support/paths';
import { productEnv } from './tests/support/product-env';

/** Debian's Chromium; tests never download a browser. */
const launchOptions: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

/**
 * Spec files run side by side on two workers (the tests of one file stay in order, on one
 * worker): the machine has two cores, and most of a test is waiting on the server, the engine or
 * the browser. Tests that start servers of their own take their ports from their worker
 * (ownProductPort); fixtures several files need are made once (support/run-once.ts).
 */
const WORKERS = Number(process.env.E2E_WORKERS ?? 2);

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: WORKERS,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // Room for a test that shares the two cores with the other worker (and its engine jobs).
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  outputDir: './.work/test-results',
  use: {
    baseURL: E2E_BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'phone', use: { ...devices['Pixel 5'], launchOptions } },
    { name: 'desktop', use: { ...devices['Desktop Chrome'], launchOptions } },
  ],
  webServer: {
    // The built product as `pnpm start` serves it (the server compiled first when its sources
    // changed), on its own port and a throw-away data dir.
    command: 'node ../scripts/ensure-built.mjs --server && node dist/main.js',
    cwd: join(REPO_ROOT, 'api'),
    url: `${E2E_BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: productEnv(E2E_PORT, E2E_DATA_DIR),
  },
});
