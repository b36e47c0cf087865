import { expect, test, type Page } from './support/test';
import { expectScreenChecks } from './support/screen-checks';
import { signInAs } from './support/session';
import { userWithModels, type UserWithModels } from './support/trained-models';
import { saveScreenshot } from './support/screenshots';

let fixture: UserWithModels;

test.beforeAll(async ({ baseURL }, testInfo) => {
  testInfo.setTimeout(600_000);
  fixture = await userWithModels(baseURL!, 'packs-one-model', ['Lisa']);
});

const tiles = (page: Page) => page.getByTestId('batch-image');

/** The batch's images once each has loaded, in the order shown. */
async function batchLoaded(page: Page, count: number): Promise<string[]> {
  await expect(tiles(page)).toHaveCount(count, { timeout: 120_000 });
  for (const image of await tiles(page).locator('img').all()) {
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
  }
  return tiles(page).evaluateAll((items) => items.map((item) => item.dataset.imageId ?? ''));
}

test('a pack of 4 runs as one batch sorted by likeness; Try again replaces one; the gallery has them all', async ({
  page,
  baseURL,
}, testInfo) => {
  testInfo.setTimeout(300_000);
  await signInAs(page, baseURL!, fixture.user);
  await page.goto('/generate');
  const row = page.getByTestId('pack-row');
  await expect(row.getByTestId('pack-card')).toHaveCount(6);
  // The built-in engine's model: the scene packs are left out, and the page says why.
  await expect(page.getByText('Scene packs need a model trained on Replicate')).toBeVisible();
  await row.scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'packs');

  await row.getByRole('button', { name: /Studio light/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('textbox')).toHaveCount(4);
  await expect(dialog.getByRole('textbox').first()).toHaveValue(
    'lisa, studio portrait, soft light',
  );
  await dialog.getByRole('textbox').nth(3).fill('lisa, studio portrait, bright high key, warm');
  await dialog.getByRole('button', { name: 'Run 4 images' }).click();
  // While the batch is made, the packs wait, like the Generate button.
  await expect(row.getByRole('button', { name: /Studio light/ })).toBeDisabled();
  await saveScreenshot(page, 'packs-busy', { focus: row });

  const first = await batchLoaded(page, 4);
  expect(new Set(first).size).toBe(4);
  const scores = await tiles(page)
    .getByTestId('likeness-badge')
    .evaluateAll((badges) =>
      badges.map((badge) => Number(/(\d+) %/.exec(badge.textContent ?? '')?.[1])),
    );
  expect(scores).toHaveLength(4);
  expect(scores).toEqual([...scores].sort((a, b) => b - a));
  await page.getByTestId('batch-grid').scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'batch');
  await expectScreenChecks(page, 'generate, a batch');

  const last = first[3]!;
  await tiles(page).nth(3).getByRole('button', { name: 'Try again, image 4' }).click();
  await expect(page.locator(`[data-image-id="${last}"]`)).toHaveCount(0, { timeout: 120_000 });
  const after = await batchLoaded(page, 4);
  const replacement = after.find((id) => !first.includes(id));
  expect(replacement).toBeDefined();
  expect(after.filter((id) => first.includes(id))).toHaveLength(3);

  await page.goto('/gallery');
  const gallery = page.getByTestId('gallery-grid');
  await expect(gallery).toBeVisible();
  for (const id of [...first, replacement!]) {
    await expect(gallery.locator(`[data-image-id="${id}"]`)).toBeAttached({ timeout: 30_000 });
  }
  await gallery.getByTestId('gallery-tile').first().getByRole('button').first().click();
  await expect(page.getByTestId('likeness-badge')).toBeVisible();
});
