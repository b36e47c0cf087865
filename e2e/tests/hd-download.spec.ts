import { API_TEXT, GALLERY_TEXT, HD_TEXT } from '@app/shared/spec';
import sharp from 'sharp';
import { expect, test, type Page } from './support/test';
import { expectScreenChecks } from './support/screen-checks';
import { signInAs } from './support/session';
import { toastOf } from './support/toasts';
import { userWithModels, type UserWithModels } from './support/trained-models';
import { saveScreenshot } from './support/screenshots';

let fixture: UserWithModels;

test.beforeAll(async ({ baseURL }, testInfo) => {
  testInfo.setTimeout(600_000);
  fixture = await userWithModels(baseURL!, 'packs-one-model', ['Lisa']);
});

const result = (page: Page) => page.getByTestId('generation-result');

/** The built-in engine resamples: its 2× download is called "enlarged", never HD. */
const enlarge = (page: Page) =>
  result(page).getByRole('button', { name: HD_TEXT.downloadEnlarged });

async function sizeOf(path: string | null) {
  const { format, width, height } = await sharp(path!).metadata();
  return { format, width, height };
}

test('Download enlarged gives a PNG twice the size, in the result panel and the gallery viewer', async ({
  page,
  baseURL,
}, testInfo) => {
  testInfo.setTimeout(240_000);
  await signInAs(page, baseURL!, fixture.user);
  await page.goto('/generate');
  await page.getByRole('radio', { name: /4:5 Portrait/ }).click();
  await page.getByRole('textbox', { name: 'Prompt' }).fill('lisa, studio light');
  await page.getByTestId('generate-action').click();
  const image = result(page).locator('img');
  await expect(image).toBeVisible({ timeout: 120_000 });
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  await expect(result(page).getByRole('button', { name: /HD/ })).toHaveCount(0);
  await enlarge(page).scrollIntoViewIfNeeded();
  const box = (await enlarge(page).boundingBox())!;
  expect(box.height).toBeGreaterThanOrEqual(44);
  expect(box.width).toBeGreaterThanOrEqual(44);

  // The first press refused (the write limit): the button is busy until the answer, then the
  // spec-style message shows and the button works again.
  let answered = false;
  await page.route('**/api/media/*/hd', async (route) => {
    const busy = result(page).getByRole('button', { name: HD_TEXT.enlarging });
    await expect(busy).toHaveAttribute('aria-busy', 'true');
    await saveScreenshot(page, 'busy');
    answered = true;
    await route.fulfill({
      status: 429,
      json: { error: 'TooManyRequests', message: API_TEXT.tooManyRequests },
    });
  });
  await enlarge(page).click();
  await expect(toastOf(page, API_TEXT.tooManyRequests)).toBeVisible();
  expect(answered).toBe(true);
  await page.unroute('**/api/media/*/hd');
  await expect(enlarge(page)).toBeEnabled();

  const [download] = await Promise.all([page.waitForEvent('download'), enlarge(page).click()]);
  expect(download.suggestedFilename()).toMatch(/^generate-[0-9a-f-]{36}-hd\.png$/);
  expect(await sizeOf(await download.path())).toEqual({ format: 'png', width: 920, height: 1152 });
  await expect(enlarge(page)).toBeEnabled();
  await expect(toastOf(page, API_TEXT.tooManyRequests)).toBeHidden();
  await saveScreenshot(page, 'ready');
  await expectScreenChecks(page, 'generate, result with the enlarged download');

  // Made once: a later press downloads the stored file.
  const [again] = await Promise.all([page.waitForEvent('download'), enlarge(page).click()]);
  expect(again.suggestedFilename()).toBe(download.suggestedFilename());

  // The gallery viewer offers it too, named like its download with -hd. This image, not the
  // newest: the other project and the packs spec make images for the same user meanwhile.
  const imageId = await result(page).getAttribute('data-image-id');
  await page.goto('/gallery');
  await page
    .locator(`[data-testid="gallery-tile"][data-image-id="${imageId}"]`)
    .getByRole('button')
    .click();
  const viewer = page.getByRole('dialog', { name: GALLERY_TEXT.imageViewer });
  const [fromViewer] = await Promise.all([
    page.waitForEvent('download'),
    viewer.getByRole('button', { name: HD_TEXT.downloadEnlarged }).click(),
  ]);
  expect(fromViewer.suggestedFilename()).toBe(`${imageId}-hd.png`);
  expect(await sizeOf(await fromViewer.path())).toEqual({
    format: 'png',
    width: 920,
    height: 1152,
  });
  await saveScreenshot(page, 'viewer');
});
