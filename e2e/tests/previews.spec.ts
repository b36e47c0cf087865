import { ReplicateDouble } from '../../api/test/support/replicate-double';
import { GENERATE_TEXT, MODELS_TEXT, PREVIEW_TEXT } from '../../shared/src/spec/messages';
import { expect, test } from './support/test';
import { startProduct } from './support/api-server';
import { apiAs, LISA } from './support/models';
import { animationsSettled } from './support/screen-checks';
import { ownProductPort } from './support/paths';
import { signInNewUser } from './support/session';
import { saveScreenshot } from './support/screenshots';

/*
 * Previews on Replicate, in the built product pointed at the Replicate double (the real
 * `replicate` client talks to it): Start Training → the preview pictures appear in the model's
 * row and in the gallery, marked as previews, while the model trains → the model is ready.
 */

/** The double's preview model answers after this long; its training waits for the test. */
const PREVIEW_LATENCY_MS = 2_000;

test('Start Training on Replicate: previews in the row and the gallery before the model is ready', async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  const double = await ReplicateDouble.start();
  double.behaviour = {
    ...double.behaviour,
    previewMs: PREVIEW_LATENCY_MS,
    trainingMs: 3_600_000,
  };
  const port = ownProductPort(testInfo.parallelIndex, 0);
  const product = await startProduct(port, {
    ...double.env(),
    PUBLIC_URL: `http://localhost:${port}`,
    REPLICATE_POLL_SECONDS: '1',
  });
  try {
    await signInNewUser(page, product.origin, 'Lisa Preview');
    const api = await apiAs(page, product.origin);
    const photoIds = await api.upload(LISA.slice(0, 5));
    const started = Date.now();
    const training = await api.post('/media/start-training', { modelName: 'Lisa', photoIds });
    const modelId = training.modelId as string;

    await page.goto(`${product.origin}/models`);
    const row = page.locator(`[data-model-id="${modelId}"]`);
    const previews = row.getByTestId('training-previews');
    await expect(previews.getByRole('img').first()).toBeVisible({ timeout: 120_000 });
    // A benchmark figure, not a pass/fail threshold: the first picture after Start Training.
    console.log(
      `first preview in the row ${Math.round((Date.now() - started) / 1000)} s after Start Training`,
    );
    await expect(previews.getByRole('img')).toHaveCount(4, { timeout: 120_000 });
    await expect(previews.getByText(PREVIEW_TEXT.rowNote)).toBeVisible();
    await expect(row).toHaveAttribute('data-status', 'training');
    for (const image of await previews.getByRole('img').all()) {
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBeGreaterThan(0);
    }
    await previews.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'row-with-previews');

    // A tap opens a preview large in the app's photo viewer; Escape closes it.
    const second = previews.getByRole('button', { name: `${PREVIEW_TEXT.openLarge}, 2 of 4` });
    const box = await second.boundingBox();
    expect(box!.width).toBeGreaterThanOrEqual(44);
    expect(box!.height).toBeGreaterThanOrEqual(44);
    // Measured before the viewer opens: the page behind a modal dialog leaves the a11y tree.
    const thumbnailWidth = await previews
      .getByRole('img', { name: `${PREVIEW_TEXT.imageAlt} 2` })
      .evaluate((img: HTMLImageElement) => img.naturalWidth);
    await second.click();
    const viewer = page.getByRole('dialog', { name: PREVIEW_TEXT.viewer });
    await expect(viewer).toBeVisible();
    await expect(viewer.getByText('2 / 4')).toBeVisible();
    const large = viewer.getByRole('img', { name: `${PREVIEW_TEXT.imageAlt} 2` });
    await expect
      .poll(() => large.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    expect(await large.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(
      thumbnailWidth,
    );
    await expect(viewer.getByText(PREVIEW_TEXT.rowNote)).toBeVisible();
    await expect(viewer.getByTestId('likeness-badge')).toContainText(GENERATE_TEXT.looksLikeYou);
    await expect(large).toBeInViewport();
    // The viewer's opening fade has played: the picture is on screen, not half transparent.
    await animationsSettled(page);
    await saveScreenshot(page, 'preview-large');
    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
    await expect(second).toBeFocused();
    // And from the keyboard alone.
    await page.keyboard.press('Enter');
    await expect(viewer).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(viewer.getByText('3 / 4')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();

    await page.goto(`${product.origin}/gallery`);
    await expect(page.getByTestId('preview-badge')).toHaveCount(4);
    await expect(
      page.getByRole('button', { name: `(${PREVIEW_TEXT.badge})` }).first(),
    ).toBeVisible();
    await saveScreenshot(page, 'gallery-badges');
    // Opened large, a preview says how much it looks like the person, as any generated image.
    await page.getByTestId('gallery-tile').first().getByRole('button').first().click();
    const galleryViewer = page.getByRole('dialog');
    await expect(galleryViewer.getByTestId('viewer-preview-mark')).toHaveText(PREVIEW_TEXT.badge);
    await expect(galleryViewer.getByTestId('likeness-badge')).toContainText(
      GENERATE_TEXT.looksLikeYou,
    );
    await animationsSettled(page);
    await saveScreenshot(page, 'gallery-viewer-likeness');
    await page.keyboard.press('Escape');

    // The training ends at Replicate: the row says the model is ready, as without previews. The
    // training reaches Replicate after its photo review, which a busy machine may still be doing.
    await expect.poll(() => double.trainings().length, { timeout: 120_000 }).toBe(1);
    const [providerTraining] = double.trainings();
    await double.finish(providerTraining!.id);
    await page.goto(`${product.origin}/models`);
    await expect(row).toHaveAttribute('data-status', 'ready', { timeout: 60_000 });
    await expect(row.getByText(MODELS_TEXT.statusReady)).toBeVisible();
    await expect(row.getByTestId('training-previews')).toHaveCount(0);
  } finally {
    // A closed page (a timed-out test) must not keep the product running.
    await page.goto('about:blank').catch(() => undefined);
    await product.stop();
    await double.close();
  }
});
