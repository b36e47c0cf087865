import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './support/test';
import { buildKitHarness } from '../../shared/test/kit-harness/build';
import {
  FILE_TEXT,
  GALLERY_TEXT,
  KIT_TEXT,
  MODELS_TEXT,
  TRAINING_TEXT,
  invalidFileTypes,
  tooManyPhotos,
} from '../../shared/src/spec/messages';
import { E2E_DATA_DIR, REPO_ROOT } from './support/paths';
import { animationsSettled } from './support/screen-checks';
import { runOnce } from './support/run-once';
import { serveDirectory } from './support/static-server';

/*
 * The shared UI kit in real Chromium, on the kit's test page (shared/test/kit-harness, built here
 * and never shipped): the pieces every remote uses, driven with real pointer, touch and keys.
 */

const FACES = join(REPO_ROOT, 'testdata', 'faces', 'lisa_debruine');
let site: Awaited<ReturnType<typeof serveDirectory>>;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  // Built once per run; both projects (on whichever workers) serve the same build.
  const outDir = await runOnce(`${E2E_DATA_DIR}-kit-harness.json`, async () => {
    const dir = `${E2E_DATA_DIR}-kit-harness`;
    await buildKitHarness(dir);
    return dir;
  });
  site = await serveDirectory(outDir);
});

test.afterAll(async () => {
  await site?.close();
});

/** axe-core on the page as it is now (dialogs included): no serious or critical violation. */
async function expectAccessible(page: Page, what: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`,
    );
  expect(serious, `${what}: axe violations`).toEqual([]);
}

async function openScene(page: Page, scene: string): Promise<void> {
  await page.goto(`${site.origin}/index.html?scene=${scene}`);
  await expect(page.getByRole('heading', { name: `Kit: ${scene}` })).toBeVisible();
}

/** A one-finger swipe made of real touch events (Chromium turns them into pointer events). */
async function touchSwipe(page: Page, from: { x: number; y: number }, dx: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const point = (x: number) => [{ x, y: from.y, id: 1 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(from.x) });
  for (let step = 1; step <= 5; step += 1) {
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: point(from.x + (dx * step) / 5),
    });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

async function mouseSwipe(page: Page, from: { x: number; y: number }, dx: number) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + dx, from.y, { steps: 5 });
  await page.mouse.up();
}

test('photo viewer: keys with wrap-around, swipes, tap beside the photo, scroll lock, focus', async ({
  page,
}, testInfo) => {
  const phone = testInfo.project.name === 'phone';
  await openScene(page, 'viewer');
  const state = page.getByTestId('viewer-state');
  await page.evaluate(() => window.scrollTo(0, 120));
  const opener = page.getByRole('button', { name: 'Open Portrait 05' });
  await opener.click();

  const viewer = page.getByRole('dialog', { name: KIT_TEXT.photoViewer });
  await expect(viewer).toBeVisible();
  await expect(state).toHaveText('05');
  await expect(viewer.getByRole('img', { name: 'Portrait 05' })).toBeVisible();
  expect(await viewer.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(0, 0, 0)');
  await expect(viewer.getByText('5 / 5')).toBeVisible();
  // Focus moved in, and the page behind does not scroll.
  expect(await viewer.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
  await page.mouse.wheel(0, 600);
  expect(await page.evaluate(() => window.scrollY)).toBe(120);
  await page.screenshot({ path: testInfo.outputPath('viewer.png') });
  await expectAccessible(page, 'viewer');

  // Next from the last wraps to the first; previous from the first to the last.
  await page.keyboard.press('ArrowRight');
  await expect(state).toHaveText('01');
  await page.keyboard.press('ArrowLeft');
  await expect(state).toHaveText('05');
  await viewer.getByRole('button', { name: KIT_TEXT.previous }).click();
  await expect(state).toHaveText('04');

  // Swipes: left goes on, right goes back; 50 px or less is not a swipe.
  const box = (await viewer.getByTestId('photo-viewer-stage').boundingBox())!;
  const middle = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const swipe = phone ? touchSwipe : mouseSwipe;
  await swipe(page, middle, -120);
  await expect(state).toHaveText('05');
  await swipe(page, middle, 120);
  await expect(state).toHaveText('04');
  // The viewer takes the swipes in order: after a short one the next goes on from 04, not 03.
  await swipe(page, middle, 40);
  await swipe(page, middle, -120);
  await expect(state).toHaveText('05');
  if (phone) {
    // Pointer events of a mouse-like pen or trackpad take the same path.
    await mouseSwipe(page, middle, 120);
    await expect(state).toHaveText('04');
  }
  // The swipes did not count as taps beside the photo.
  await expect(viewer).toBeVisible();

  // Escape closes; focus goes back to the opener, the page scrolls again.
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(opener).toBeFocused();
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');

  // A tap on the photo keeps the viewer; a tap on the black beside or below it closes it.
  await opener.click();
  await expect(viewer).toBeVisible();
  const image = (await viewer.getByRole('img', { name: 'Portrait 05' }).boundingBox())!;
  await page.mouse.click(image.x + image.width / 2, image.y + image.height / 2);
  // Still open after the tap: it steps on, and back to the photo.
  await viewer.getByRole('button', { name: KIT_TEXT.next }).click();
  await expect(state).toHaveText('01');
  await viewer.getByRole('button', { name: KIT_TEXT.previous }).click();
  await expect(state).toHaveText('05');
  const stage = (await viewer.getByTestId('photo-viewer-stage').boundingBox())!;
  const beside = phone
    ? { x: stage.x + stage.width / 2, y: stage.y + 8 }
    : { x: stage.x + 60, y: stage.y + 8 };
  await page.mouse.click(beside.x, beside.y);
  await expect(viewer).toBeHidden();
  await expect(opener).toBeFocused();

  // The 300 ms slide between photos, and none for someone who asked for less motion.
  const slide = viewer.getByTestId('photo-viewer-stage').locator('> div').first();
  const animation = () =>
    slide.evaluate((el) => [
      getComputedStyle(el).animationName,
      getComputedStyle(el).animationDuration,
    ]);
  await opener.click();
  expect((await animation())[1]).toBe('0.3s');
  expect((await animation())[0]).not.toBe('none');
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await opener.click();
  expect((await animation())[0]).toBe('none');
});

test('photo viewer: deleting moves to the neighbour, and closes when none remain', async ({
  page,
}) => {
  await openScene(page, 'viewer');
  const state = page.getByTestId('viewer-state');
  await page.getByRole('button', { name: 'Open Portrait 05' }).click();
  const viewer = page.getByRole('dialog', { name: KIT_TEXT.photoViewer });
  for (const expected of ['04', '03', '02', '01', 'closed']) {
    await viewer.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Image' });
    await expect(confirm.getByText(GALLERY_TEXT.deleteConfirm)).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(confirm).toBeHidden();
    await expect(state).toHaveText(expected);
  }
  await expect(viewer).toBeHidden();
});

test('confirm dialog: a bottom sheet on a phone, centred on a desktop; busy once; focus returns', async ({
  page,
}, testInfo) => {
  const phone = testInfo.project.name === 'phone';
  await openScene(page, 'confirm');
  const opener = page.getByRole('button', { name: MODELS_TEXT.deleteModel });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: MODELS_TEXT.deleteModel });
  await expect(dialog).toBeVisible();
  await animationsSettled(page); // the opening motion
  const box = (await dialog.boundingBox())!;
  const viewport = page.viewportSize()!;
  if (phone) {
    expect(box.x).toBe(0);
    expect(box.width).toBe(viewport.width);
    expect(Math.round(box.y + box.height)).toBe(viewport.height);
  } else {
    expect(Math.abs(box.x + box.width / 2 - viewport.width / 2)).toBeLessThan(2);
    expect(Math.abs(box.y + box.height / 2 - viewport.height / 2)).toBeLessThan(2);
  }
  for (const button of await dialog.getByRole('button').all()) {
    const size = (await button.boundingBox())!;
    expect(size.width).toBeGreaterThanOrEqual(44);
    expect(size.height).toBeGreaterThanOrEqual(44);
  }
  expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await page.screenshot({ path: testInfo.outputPath('confirm.png') });
  await expectAccessible(page, 'confirm dialog');

  // The close button and Escape both close it, and focus comes back to the opener.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  await opener.press('Enter');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  // Confirming: the button says what it does and a second press does nothing more.
  await opener.click();
  const confirm = dialog.getByRole('button', { name: MODELS_TEXT.deleteModel });
  await confirm.click();
  const busy = dialog.getByRole('button', { name: MODELS_TEXT.deleting });
  await expect(busy).toBeVisible();
  // The delete stays on its way until the test ends it, however slow the machine.
  await busy.click({ force: true });
  await expect(busy).toBeVisible();
  await page.evaluate(() => (window as unknown as { finishDelete: () => void }).finishDelete());
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('confirm-result')).toHaveText('deleted 1 time(s)');
  await expect(opener).toBeFocused();
});

test('drop zone: drag states, the spec messages, and files chosen through the picker', async ({
  page,
}, testInfo) => {
  await openScene(page, 'drop');
  // The zones are named by the text they show, which follows the drag: found by position.
  const training = page.locator('div[role="button"]').first();
  await expect(training).toHaveAccessibleName(new RegExp(`^${TRAINING_TEXT.choosePhotos}`));
  const dragOver = async (files: Array<{ name: string; type: string; size?: number }>) => {
    const transfer = await page.evaluateHandle((list) => {
      const data = new DataTransfer();
      for (const file of list) {
        data.items.add(new File([new Uint8Array(file.size ?? 10)], file.name, { type: file.type }));
      }
      return data;
    }, files);
    await training.dispatchEvent('dragenter', { dataTransfer: transfer });
    return transfer;
  };

  // A wrong type is refused while it is still being dragged, and named after the drop.
  const gif = await dragOver([{ name: 'party.gif', type: 'image/gif' }]);
  await expect(training).toHaveAttribute('data-drag', 'reject');
  await expect(training).toContainText(FILE_TEXT.trainingTypesSupported);
  await page.screenshot({ path: testInfo.outputPath('drop-reject.png') });
  await training.dispatchEvent('drop', { dataTransfer: gif });
  await expect(training).not.toHaveAttribute('data-drag', /.*/);
  await expect(page.getByRole('alert')).toHaveText(invalidFileTypes(['party.gif']));
  await expectAccessible(page, 'drop zone with a refused file');

  const photos = await dragOver([
    { name: 'a.jpg', type: 'image/jpeg' },
    { name: 'b.png', type: 'image/png' },
  ]);
  await expect(training).toHaveAttribute('data-drag', 'accept');
  await expect(training).toContainText(KIT_TEXT.dropToAdd);
  await training.dispatchEvent('drop', { dataTransfer: photos });
  await expect(page.getByTestId('training-chosen')).toHaveText('a.jpg, b.png');
  await expect(page.getByRole('alert')).toHaveCount(0);

  // Through the picker (tap on the zone), with real photos; the maximum counts what is chosen.
  const chooser = page.waitForEvent('filechooser');
  await training.click();
  const picker = await chooser;
  expect(picker.isMultiple()).toBe(true);
  await picker.setFiles(['01.jpg', '02.jpg', '03.jpg'].map((name) => join(FACES, name)));
  await expect(page.getByTestId('training-chosen')).toHaveText(
    'a.jpg, b.png, 01.jpg, 02.jpg, 03.jpg',
  );
  const many = Array.from({ length: 16 }, (_, i) => ({ name: `p${i}.jpg`, type: 'image/jpeg' }));
  await training.dispatchEvent('drop', { dataTransfer: await dragOver(many) });
  await expect(page.getByRole('alert')).toHaveText(tooManyPhotos(21));

  // The single-image area: one PNG/JPEG/WebP of at most 10 MB.
  const single = page.locator('div[role="button"]').nth(1);
  await expect(single).toHaveAccessibleName(/^Drop an image/);
  await expect(single).toContainText(FILE_TEXT.singleImageHint);
  const singleChooser = page.waitForEvent('filechooser');
  await single.press('Enter');
  const singlePicker = await singleChooser;
  expect(singlePicker.isMultiple()).toBe(false);
  await singlePicker.setFiles({
    name: 'huge.png',
    mimeType: 'image/png',
    buffer: Buffer.alloc(10_485_761),
  });
  const singleAlert = single.locator('xpath=..').getByRole('alert');
  await expect(singleAlert).toHaveText(FILE_TEXT.tooLarge);
  const again = page.waitForEvent('filechooser');
  await single.click();
  await (await again).setFiles(join(FACES, '04.jpg'));
  await expect(page.getByTestId('single-chosen')).toHaveText('04.jpg');
  await expect(singleAlert).toHaveCount(0);
});

test('crop dialog: zoom presets and chip, Apply exports a JPEG of the crop size', async ({
  page,
}, testInfo) => {
  await openScene(page, 'crop');
  await page.getByRole('button', { name: TRAINING_TEXT.cropTitle }).click();
  const dialog = page.getByRole('dialog', { name: TRAINING_TEXT.cropTitle });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(TRAINING_TEXT.cropTip)).toBeVisible();
  const apply = dialog.getByRole('button', { name: 'Apply' });
  await expect(apply).toBeEnabled(); // the cropper reported its area once the photo loaded
  const zoom = dialog.getByRole('slider', { name: KIT_TEXT.zoom });
  await expect(zoom).toHaveAttribute('min', '1');
  await expect(zoom).toHaveAttribute('max', '3');
  await expect(zoom).toHaveAttribute('step', '0.1');
  await expect(dialog.getByText('100%')).toBeVisible();
  await dialog.getByRole('button', { name: '2x' }).click();
  await expect(dialog.getByText('200%')).toBeVisible();
  await zoom.focus();
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByText('210%')).toBeVisible();
  await dialog.getByRole('button', { name: 'Fit' }).click();
  await expect(dialog.getByText('100%')).toBeVisible();
  await dialog.getByRole('button', { name: '1.5x' }).click();
  await expect(dialog.getByText('150%')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('crop.png') });
  await expectAccessible(page, 'crop dialog');

  await apply.click();
  await expect(dialog).toBeHidden();
  const result = JSON.parse((await page.getByTestId('crop-result').textContent()) ?? '{}') as {
    type: string;
    width: number;
    height: number;
    area: { width: number; height: number };
    jpegMagic: number[];
  };
  expect(result.type).toBe('image/jpeg');
  expect(result.jpegMagic).toEqual([0xff, 0xd8]);
  expect(result.width).toBe(result.area.width);
  expect(result.height).toBe(result.area.height);
  // 07.jpg is 1152×1536: at 1.5x the square is two thirds of the short side.
  expect(result.width).toBe(result.height);
  expect(Math.abs(result.width - 768)).toBeLessThanOrEqual(2);

  // The dialog was unmounted while open: the page behind is not left hidden from screen readers.
  await expect(page.locator('#root')).not.toHaveAttribute('aria-hidden', 'true');

  // The profile crop is round on screen, without presets, and still exports a square JPEG.
  await page.getByRole('button', { name: 'Crop Profile Picture' }).click();
  const profile = page.getByRole('dialog', { name: 'Crop Profile Picture' });
  await expect(profile.getByRole('button', { name: '2x' })).toHaveCount(0);
  await expect(profile.getByTestId('cropper')).toHaveClass(/reactEasyCrop_CropAreaRound/);
  await profile.getByRole('button', { name: 'Apply' }).click();
  await expect(profile).toBeHidden();
  const square = JSON.parse((await page.getByTestId('crop-result').textContent()) ?? '{}') as {
    width: number;
    height: number;
  };
  expect(square.width).toBe(square.height);
  expect(Math.abs(square.width - 1152)).toBeLessThanOrEqual(2);
});

test('retrying image: direct, fallback, two refreshes, then the placeholder and Retry', async ({
  page,
}) => {
  const requested: string[] = [];
  let healthy = false;
  // Failure case only: these image addresses answer 404 until the test lets them work.
  await page.route(/\/photos\/(flaky|direct|fallback)\.jpg/, async (route) => {
    const url = new URL(route.request().url());
    requested.push(
      `${url.pathname.replace('/photos/', '')}${url.searchParams.has('refresh') ? '+refresh' : ''}`,
    );
    if (healthy) await route.fulfill({ path: join(FACES, '01.jpg'), contentType: 'image/jpeg' });
    else await route.fulfill({ status: 404, body: '' });
  });
  await openScene(page, 'image');
  await expect(page.getByText('Failed to load image')).toBeVisible({ timeout: 10_000 });
  expect(requested).toEqual([
    'flaky.jpg',
    'direct.jpg',
    'fallback.jpg',
    'flaky.jpg+refresh',
    'flaky.jpg+refresh',
  ]);
  await expect(page.getByTestId('invalidations')).toHaveText('2');
  await expectAccessible(page, 'broken image');
  // The frame kept its size all along.
  const frame = page.locator('[data-image-state="broken"]');
  expect(await frame.evaluate((el) => el.getBoundingClientRect().height)).toBe(320);

  healthy = true;
  await page.getByRole('button', { name: KIT_TEXT.retry }).click();
  await expect(page.getByRole('img', { name: 'A flaky photo' })).toBeVisible();
  await expect(page.getByTestId('invalidations')).toHaveText('3');
  expect(
    await page
      .getByRole('img', { name: 'A flaky photo' })
      .evaluate((img) => img.getBoundingClientRect().height),
  ).toBe(320);
});

test('view states: loading after 300 ms, empty state with its action, dismissible error', async ({
  page,
}, testInfo) => {
  await openScene(page, 'states');
  await expect(page.getByText(MODELS_TEXT.loading)).toBeVisible();
  await expect(page.getByRole('heading', { name: GALLERY_TEXT.emptyTitle })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Generate' })).toBeVisible();
  const alert = page.getByText(GALLERY_TEXT.loadImagesFailed);
  await expect(alert).toBeVisible();
  for (const name of [KIT_TEXT.retry, KIT_TEXT.dismiss, 'Generate']) {
    const box = (await page.getByRole('button', { name }).boundingBox())!;
    expect(Math.min(box.width, box.height), name).toBeGreaterThanOrEqual(44);
  }
  await page.screenshot({ path: testInfo.outputPath('states.png') });
  await expectAccessible(page, 'view states');
  await page.context().setOffline(true);
  await expect(page.getByText(KIT_TEXT.offline)).toBeVisible();
  await page.context().setOffline(false);
  await page.getByRole('button', { name: KIT_TEXT.dismiss }).click();
  await expect(alert).toBeHidden();
});

test('hover colours: a tapped control rests on a phone, a mouse still lights it', async ({
  page,
}, testInfo) => {
  await openScene(page, 'buttons');
  const background = (name: string) =>
    page
      .getByRole('button', { name })
      .evaluate((button) => getComputedStyle(button).backgroundColor);
  for (const appearance of ['primary', 'secondary', 'subtle']) {
    const button = page.getByRole('button', { name: `Tap ${appearance}` });
    const resting = await background(`Twin ${appearance}`);
    if (testInfo.project.name === 'phone') {
      // A phone keeps :hover on what it last tapped, until the next tap elsewhere.
      await button.tap();
      await expect(page.getByTestId('taps')).not.toHaveText('0');
      // The press's colour goes once the tap has ended, after the colour transition.
      await expect.poll(() => background(`Tap ${appearance}`), appearance).toBe(resting);
    } else {
      await button.hover();
      await expect.poll(() => background(`Tap ${appearance}`), appearance).not.toBe(resting);
    }
  }

  // Our own controls' hover rules too: the drop zone's border, after its file picker.
  await openScene(page, 'drop');
  const zone = page.locator('div[role="button"]').first();
  const border = () => zone.evaluate((element) => getComputedStyle(element).borderTopColor);
  const restingBorder = await border();
  if (testInfo.project.name === 'phone') {
    const chooser = page.waitForEvent('filechooser');
    await zone.tap();
    await (await chooser).setFiles([]);
    await expect.poll(border).toBe(restingBorder);
  } else {
    await zone.hover();
    await expect.poll(border).not.toBe(restingBorder);
  }
});
