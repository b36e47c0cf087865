import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startProduct } from './support/api-server';
import { E2E_PORT, E2E_WORK_DIR, REPO_ROOT } from './support/paths';
import { serveDirectory } from './support/static-server';

const NEW_TEXT = 'Redeployed gallery build';

/** Copies the gallery remote's sources, changes a visible text and builds it on its own. */
function buildChangedGallery(): string {
  const source = join(REPO_ROOT, 'mfe-gallery');
  const copy = join(E2E_WORK_DIR, 'mfe-gallery-redeploy');
  rmSync(copy, { recursive: true, force: true });
  mkdirSync(copy, { recursive: true });
  for (const entry of ['src', 'package.json', 'rspack.config.ts']) {
    cpSync(join(source, entry), join(copy, entry), { recursive: true });
  }
  symlinkSync(join(source, 'node_modules'), join(copy, 'node_modules'), 'dir');
  const routes = join(copy, 'src', 'routes.tsx');
  const original = readFileSync(routes, 'utf8');
  const changed = original.replace(/title="Gallery"/, `title="${NEW_TEXT}"`);
  expect(changed, 'the gallery placeholder title to replace').not.toBe(original);
  writeFileSync(routes, changed);
  execFileSync(join(source, 'node_modules', '.bin', 'rspack'), ['build', '--mode', 'production'], {
    cwd: copy,
    stdio: 'pipe',
  });
  return join(copy, 'dist');
}

test('a remote rebuilt and deployed elsewhere is picked up without rebuilding the shell', async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one build is enough to prove it');
  test.setTimeout(180_000);
  const shellBefore = readFileSync(join(REPO_ROOT, 'shell', 'dist', 'index.html'), 'utf8');

  const cdn = await serveDirectory(buildChangedGallery());
  const product = await startProduct(E2E_PORT + 1, {
    REMOTE_GALLERY_URL: `${cdn.origin}/mf-manifest.json`,
  });
  try {
    await page.goto(`${product.origin}/dashboard`);
    await expect(page.getByRole('heading', { name: NEW_TEXT })).toBeVisible();
    // Other remotes still come from the product's own origin.
    await page.goto(`${product.origin}/models`);
    await expect(page.getByTestId('remote-models')).toBeVisible();
  } finally {
    await product.stop();
    await cdn.close();
  }
  expect(readFileSync(join(REPO_ROOT, 'shell', 'dist', 'index.html'), 'utf8')).toBe(shellBefore);
});
