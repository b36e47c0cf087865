import { readFileSync } from 'node:fs';
import type { TrainingPhotos } from '@app/shared/contract/media';
import { USER_EXPORT_PATHS, userExportSchema } from '@app/shared/contract/user-export';
import AdmZip from 'adm-zip';
import { apiAs, listGenerated, seededGallery } from './support/gallery-seed';
import { expectScreenChecks } from './support/screen-checks';
import { idTokenFor, signInAs } from './support/session';
import { expect, test, type Page } from './support/test';
import { saveScreenshot } from './support/screenshots';

// The remote's words (mfe-profile features/export-data/texts.ts).
const TEXT = {
  title: 'Your data',
  button: 'Download my data',
  started: 'Your download has started. Your browser shows its progress.',
  failed: 'Your data could not be downloaded. Check your connection and try again.',
};

const remote = (page: Page) => page.getByTestId('remote-profile');
const section = (page: Page) => remote(page).getByRole('region', { name: TEXT.title });

test.describe('Download my data', () => {
  test.beforeEach(async ({ page }, testInfo) => {
    if (testInfo.project.name === 'desktop')
      await page.setViewportSize({ width: 1280, height: 800 });
  });

  test('the zip holds every training photo, generated image and data.json of the user', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(300_000);
    const seed = await seededGallery(baseURL!, 'export-two', 2);
    const api = apiAs(baseURL!, await idTokenFor(baseURL!, seed.user));
    const photos = await api<TrainingPhotos>('GET', '/media/training-photos');
    const generated = await listGenerated(api);
    expect(photos.items.length).toBeGreaterThan(0);
    expect(generated).toHaveLength(2);

    await signInAs(page, baseURL!, seed.user);
    await page.goto('/profile');
    await expect(section(page)).toBeVisible();
    await expectScreenChecks(page, 'profile with the data download');
    await saveScreenshot(page, 'section', { focus: section(page) });

    const downloading = page.waitForEvent('download');
    await section(page).getByRole('button', { name: TEXT.button }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^ai-image-studio-data-\d{4}-\d{2}-\d{2}\.zip$/);
    await expect(section(page).getByRole('status')).toHaveText(TEXT.started);
    await saveScreenshot(page, 'started', { focus: section(page) });

    const zip = new AdmZip(readFileSync(await download.path()));
    const names = zip.getEntries().map((entry) => entry.entryName);
    const extension = (type: string) => (type === 'image/png' ? '.png' : '.jpg');
    expect(names.sort()).toEqual(
      [
        ...photos.items.map((photo) => `${USER_EXPORT_PATHS.trainingPhotos}${photo.imageId}.jpg`),
        ...generated.map(
          (image) =>
            `${USER_EXPORT_PATHS.generatedImages}${image.imageId}${extension(image.contentType)}`,
        ),
        USER_EXPORT_PATHS.data,
      ].sort(),
    );
    const data = userExportSchema.parse(JSON.parse(zip.readAsText(USER_EXPORT_PATHS.data)));
    expect(data.account.email).toBe(seed.user.email);
    expect(data.models.map((model) => model.modelId)).toEqual([seed.modelId]);
    expect(data.generatedImages.map((image) => image.prompt).sort()).toEqual(
      seed.images.map((image) => image.prompt).sort(),
    );
  });

  test('a failed start says so and offers to try again', async ({ page, baseURL }) => {
    const seed = await seededGallery(baseURL!, 'export-two', 2);
    await signInAs(page, baseURL!, seed.user);
    await page.route('**/api/user/export/link', (route) =>
      route.fulfill({ status: 503, json: { error: 'ServiceUnavailable', message: 'down' } }),
    );
    await page.goto('/profile');
    await section(page).getByRole('button', { name: TEXT.button }).click();
    await expect(section(page).getByText(TEXT.failed)).toBeVisible();
    await expectScreenChecks(page, 'data download failed');
    await saveScreenshot(page, 'failed', { focus: section(page) });

    await page.unroute('**/api/user/export/link');
    const downloading = page.waitForEvent('download');
    await section(page).getByRole('button', { name: 'Retry' }).click();
    await downloading;
    await expect(section(page).getByText(TEXT.failed)).toBeHidden();
  });
});
