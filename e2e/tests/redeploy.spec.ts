import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './support/test';
import { startProduct } from './support/api-server';
import { ownProductPort, REPO_ROOT } from './support/paths';
import { signInNewUser } from './support/session';
import { serveDirectory } from './support/static-server';
import { buildVariant } from './support/variant-build';

const NEW_TITLE = 'Redeployed gallery build';

test('a remote rebuilt and deployed elsewhere is picked up without rebuilding the shell', async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one build is enough to prove it');
  test.setTimeout(180_000);
  const shellBefore = readFileSync(join(REPO_ROOT, 'shell', 'dist', 'index.html'), 'utf8');

  const galleryDist = buildVariant('mfe-gallery', 'src/routes.tsx', (source) =>
    source.replace('<GalleryPage />', `<h2>${NEW_TITLE}</h2>\n<GalleryPage />`),
  );
  const cdn = await serveDirectory(galleryDist);
  const product = await startProduct(ownProductPort(testInfo.parallelIndex, 0), {
    REMOTE_GALLERY_URL: `${cdn.origin}/mf-manifest.json`,
  });
  try {
    await signInNewUser(page, product.origin);
    await page.goto(`${product.origin}/dashboard`);
    await expect(page.getByRole('heading', { name: NEW_TITLE })).toBeVisible();
    // Other remotes still come from the product's own origin.
    await page.goto(`${product.origin}/models`);
    await expect(page.getByTestId('remote-models')).toBeVisible();
  } finally {
    // Let go of the page's connections (and its service worker's) before the servers stop.
    await page.goto('about:blank');
    await product.stop();
    await cdn.close();
  }
  expect(readFileSync(join(REPO_ROOT, 'shell', 'dist', 'index.html'), 'utf8')).toBe(shellBefore);
});
