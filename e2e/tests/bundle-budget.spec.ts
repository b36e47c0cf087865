import { expect, test } from '@playwright/test';
import { recordJavaScript } from './support/js-transfer';

// Requests a service worker answers bypass page.route and the network measurements.
test.use({ serviceWorkers: 'block' });

/** docs/bundle-budget.md: shell first load <= 220 KB gzip JS, each remote <= 80 KB beyond it. */
const SHELL_FIRST_LOAD_BUDGET = 220 * 1024;
const REMOTE_BUDGET = 80 * 1024;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

test('the shell and every remote stay inside the bundle budget', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'bundle sizes do not depend on the viewport');
  const scripts = recordJavaScript(page);

  await page.goto('/');
  await expect(page.getByTestId('home-page')).toBeVisible();
  await page.waitForLoadState('networkidle');
  const shell = await scripts.take();
  console.log(`shell first load: ${kb(shell.bytes)} gzip in ${shell.files.length} scripts`);
  expect(shell.bytes).toBeLessThanOrEqual(SHELL_FIRST_LOAD_BUDGET);

  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const [tab, testId] of [
    ['Home', 'remote-gallery'],
    ['Generate', 'remote-generate'],
    ['Models', 'remote-models'],
    ['Profile', 'remote-profile'],
  ] as const) {
    await nav.getByRole('tab', { name: tab }).click();
    await expect(page.getByTestId(testId)).toBeVisible();
    await page.waitForLoadState('networkidle');
    const remote = await scripts.take();
    console.log(`${testId}: ${kb(remote.bytes)} gzip beyond what was loaded`);
    expect(remote.bytes, testId).toBeLessThanOrEqual(REMOTE_BUDGET);
  }
});
