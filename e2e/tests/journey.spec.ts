import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import {
  COMMON_TEXT,
  GALLERY_TEXT,
  MODELS_TEXT,
  NAV_TEXT,
  TRAINING_TEXT,
  galleryCaption,
  photoPosition,
  startTrainingLabel,
  yourModels,
} from '@app/shared/spec';
import { expect, test, type Locator, type Page } from './support/test';
import sharp from 'sharp';
import { expectAppStarted } from './support/first-paint';
import { mouseSwipe, strokeOver, touchSwipe } from './support/gestures';
import { expectFocusReturns, expectKeyboardReachable } from './support/keyboard-checks';
import { LISA } from './support/models';
import { expectScreenChecks } from './support/screen-checks';
import { mailedCode, TEST_PASSWORD } from './support/session';
import { HELD_OUT_PHOTO } from './support/trained-models';
import { saveScreenshot } from './support/screenshots';

/*
 * The whole product as a new user meets it, in the built product with the real identity service,
 * the real built-in engine and real portraits, nothing faked: sign up → train → generate and edit
 * → gallery → profile and subscription → log out → offline start. Every screen and dialog on the
 * way passes axe and is reached by keyboard; dialogs hand focus back to what opened them.
 * Screenshots of each screen land in e2e/.work/screenshots/journey.
 */

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const PROMPTS = [
  {
    prompt: 'portrait of grace, studio light',
    ratio: '4:5 Portrait',
    width: 460,
    height: 576,
  },
  { prompt: 'grace at sunset, warm', ratio: '16:9 Landscape', width: 912, height: 512 },
] as const;
const EDIT_PROMPT = 'natural look';

test('a new user signs up, trains a model, makes and keeps images, then leaves', async ({
  page,
  context,
  baseURL,
}, testInfo) => {
  test.setTimeout(900_000);
  const phone = testInfo.project.name === 'phone';
  const email = `journey-${randomUUID()}@example.com`;
  let shots = 0;

  /** axe, thumb-sized controls, Tab reaching every control, and a screenshot to look at. */
  async function screen(name: string) {
    // A toast read while it fades in or out has no settled colours: check the screen under it.
    await expect(page.getByTestId('toast')).toHaveCount(0, { timeout: 15_000 });
    await expectScreenChecks(page, name);
    // Taken before the keyboard walk, which leaves a focus ring where a user's start has none.
    shots += 1;
    await saveScreenshot(
      page,
      `${String(shots).padStart(2, '0')}-${name.replaceAll(/[^a-z0-9]+/gi, '-')}`,
    );
    await expectKeyboardReachable(page, name);
  }
  const nav = (name: string) =>
    page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name, exact: true });
  /** The bottom navigation as its user works it: a tap on the phone, a click on the desktop. */
  const go = (name: string) => (phone ? nav(name).tap() : nav(name).click());
  const tiles = page.getByTestId('gallery-tile');
  const viewer = page.getByRole('dialog', { name: GALLERY_TEXT.imageViewer });
  const action = page.getByTestId('generate-action');
  const result = page.getByTestId('generation-result');
  const profile = page.getByTestId('remote-profile');

  await test.step('sign up with the code mailed to them', async () => {
    await page.goto('/');
    await expectAppStarted(page);
    const card = page.getByTestId('login-card');
    await screen('sign-in card');
    await card.getByRole('tab', { name: 'Sign Up' }).click();
    await expect(page.getByRole('heading', { name: 'Create a new account' })).toBeVisible();
    const field = (name: string) => card.getByRole('textbox', { name, exact: true });
    await field('Full Name').fill('Grace Hopper');
    await field('Email').fill(email);
    await field('Password').fill(TEST_PASSWORD);
    await field('Confirm Password').fill(TEST_PASSWORD);
    await card.getByRole('checkbox').check();
    await screen('sign-up card');
    await card.getByRole('button', { name: 'Create Account' }).click();
    await expect(card.getByRole('heading', { name: 'We Emailed You' })).toBeVisible();
    await screen('confirmation code');
    await field('Confirmation Code').fill(await mailedCode(baseURL!, email));
    await field('Confirmation Code').press('Enter');

    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Welcome back, Grace!' })).toBeVisible();
    await expect(page.getByRole('heading', { name: GALLERY_TEXT.emptyTitle })).toBeVisible();
    await expect(nav(NAV_TEXT.generate)).toBeDisabled();
    await screen('gallery, empty');
  });

  await test.step('train a model from six photos, one of them cropped', async () => {
    await go(NAV_TEXT.models);
    await expect(page.getByRole('heading', { name: MODELS_TEXT.title })).toBeVisible();
    await expect(page.getByRole('heading', { name: yourModels(0, 1) })).toBeVisible();
    await screen('models, empty');

    const addModel = page.getByRole('button', { name: MODELS_TEXT.addModel });
    const dialog = page.getByRole('dialog', { name: TRAINING_TEXT.dialogTitle });
    await addModel.click();
    await expect(dialog).toBeVisible();
    await screen('train new model');
    await expectFocusReturns(addModel, dialog, () => page.keyboard.press('Escape'));

    await addModel.click();
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: TRAINING_TEXT.choosePhotos }).click();
    await (await chooser).setFiles(LISA.slice(0, 6));
    const chosen = dialog.getByTestId('chosen-photo');
    await expect(chosen).toHaveCount(6);
    await expectAllChecked(dialog);

    const previewOpener = chosen.first().getByRole('button').first();
    await previewOpener.click();
    const preview = page.getByRole('dialog', { name: photoPosition(1, 6) });
    await expect(preview).toBeVisible();
    await screen('photo preview');
    await preview.getByRole('button', { name: COMMON_TEXT.crop, exact: true }).click();
    const crop = page.getByRole('dialog', { name: TRAINING_TEXT.cropTitle });
    await expect(crop).toBeVisible();
    // The whole face stays in: a crop that cuts it off would be refused.
    await crop.getByRole('button', { name: 'Fit' }).click();
    await screen('crop photo');
    await crop.getByRole('button', { name: COMMON_TEXT.apply }).click();
    await expect(crop).toBeHidden();
    await preview.getByRole('button', { name: COMMON_TEXT.close, exact: true }).last().click();
    await expect(preview).toBeHidden();
    await expectAllChecked(dialog);

    // The trigger word starts from the user's name, then follows the model's.
    const triggerWord = dialog.getByRole('textbox', { name: TRAINING_TEXT.triggerWordLabel });
    await expect(triggerWord).toHaveValue('gracehopper');
    await dialog.getByRole('textbox', { name: TRAINING_TEXT.modelNameLabel }).fill('Grace');
    await expect(triggerWord).toHaveValue('grace');
    await screen('train new model, six photos');
    await dialog.getByRole('button', { name: startTrainingLabel(6) }).click();
    await expect(dialog).toBeHidden({ timeout: 30_000 });

    const row = page.getByTestId('model-row');
    await expect(row.getByTestId('training-progress')).toBeVisible();
    await screen('models, training');
    await expect(row).toHaveAttribute('data-status', 'ready', { timeout: 300_000 });
    await expect(row.getByTestId('model-photo')).toHaveCount(6);
    await screen('models, ready');
  });

  await test.step('the Generate tab turns on: two prompts at two aspect ratios', async () => {
    await expect(nav(NAV_TEXT.generate)).toBeEnabled();
    await go(NAV_TEXT.generate);
    await expect(action).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Ready to Generate' })).toBeVisible();
    await screen('generate, text to image');
    for (const { prompt, ratio, width, height } of PROMPTS) {
      await page.getByRole('radio', { name: ratio }).click();
      await page.getByRole('textbox', { name: 'Prompt' }).fill(prompt);
      await action.click();
      await expect(action).toHaveText('Generating...');
      await imageLoaded(result.locator('img'));
      expect(await downloadedSize(page, result), ratio).toEqual({ width, height });
      await expect(result.getByTestId('result-prompt')).toHaveText(prompt);
    }
    await screen('generate, result');
  });

  await test.step(`an edit with a mask painted by ${phone ? 'a finger' : 'the mouse'}`, async () => {
    await page.getByTestId('mode-toggle').getByRole('radio', { name: 'Edit Image' }).click();
    await expect(result).toHaveCount(0);
    await page
      .getByTestId('edit-inputs')
      .locator('input[type="file"]')
      .setInputFiles(HELD_OUT_PHOTO);
    await expect(page.getByTestId('mask-editor')).toBeVisible();
    // Across the forehead, under the hairline: the built-in engine's rule keeps masks off the
    // outline of the head and the edge of the face.
    await paint(page, phone, [
      [0.44, 0.335],
      [0.5, 0.345],
      [0.56, 0.335],
    ]);
    await page.getByRole('textbox', { name: 'Describe the changes' }).fill(EDIT_PROMPT);
    await screen('generate, mask painted');
    await action.click();
    await imageLoaded(result.locator('img'));
    // The edit keeps the photo's own size.
    expect(await downloadedSize(page, result)).toEqual(await imageSize(HELD_OUT_PHOTO));
    await screen('generate, edit result');
  });

  await test.step('the gallery shows the three images, newest first', async () => {
    await go(NAV_TEXT.home);
    await expect(tiles).toHaveCount(3);
    await expect(tiles.locator('p')).toHaveText(
      [EDIT_PROMPT, PROMPTS[1].prompt, PROMPTS[0].prompt].map(galleryCaption),
    );
    await expect(
      page.locator('[data-testid="gallery-tile"] [data-image-state="loaded"]'),
    ).toHaveCount(3);
    await screen('gallery');
  });

  await test.step('viewer: a swipe, a download, one image deleted', async () => {
    const opener = tiles.first().getByRole('button');
    await opener.click();
    await expect(viewer.getByText('1 / 3')).toBeVisible();
    await screen('image viewer');
    const stage = (await page.getByTestId('photo-viewer-stage').boundingBox())!;
    const centre = { x: stage.x + stage.width / 2, y: stage.y + stage.height / 2 };
    await (phone ? touchSwipe : mouseSwipe)(page, centre, -120);
    await expect(viewer.getByText('2 / 3')).toBeVisible();
    await expect(viewer.getByText(PROMPTS[1].prompt)).toBeVisible();

    const downloading = page.waitForEvent('download');
    await viewer.getByRole('button', { name: GALLERY_TEXT.download, exact: true }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^[0-9a-f-]{36}\.png$/);
    expect([...readFileSync((await download.path())!).subarray(0, 8)]).toEqual(PNG_SIGNATURE);

    const deleteButton = viewer.getByRole('button', { name: 'Delete' });
    const confirm = page.getByRole('dialog', { name: GALLERY_TEXT.deleteTitle });
    await deleteButton.click();
    await expect(confirm).toContainText(GALLERY_TEXT.deleteConfirm);
    await screen('delete confirmation');
    await expectFocusReturns(deleteButton, confirm, () =>
      confirm.getByRole('button', { name: 'Cancel' }).click(),
    );
    await deleteButton.click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(confirm).toBeHidden();
    await expect(viewer.getByText('2 / 2')).toBeVisible();
    await expectFocusReturns(opener, viewer, () => page.keyboard.press('Escape'));
    await expect(tiles.locator('p')).toHaveText(
      [EDIT_PROMPT, PROMPTS[0].prompt].map(galleryCaption),
    );
  });

  await test.step('profile: a new name and a circular picture', async () => {
    await go(NAV_TEXT.profile);
    await expect(profile.getByRole('heading', { name: 'Profile Settings' })).toBeVisible();
    await screen('profile');
    await profile.getByRole('textbox', { name: 'Full Name' }).fill('Grace Brewster Hopper');
    await profile.getByRole('button', { name: 'Save Changes' }).click();
    const saved = page.getByTestId('toast').getByText('Profile updated successfully', {
      exact: true,
    });
    await expect(saved).toBeVisible();

    await profile.getByTestId('profile-picture-input').setInputFiles(LISA[6]!);
    const crop = page.getByRole('dialog', { name: 'Crop Profile Picture' });
    await expect(crop.getByTestId('cropper')).toHaveClass(/reactEasyCrop_CropAreaRound/);
    await screen('crop profile picture');
    await crop.getByRole('button', { name: 'Apply' }).click();
    await expect(crop).toBeHidden({ timeout: 30_000 });
    const picture = profile.getByRole('img', { name: 'Profile picture' });
    await expect(picture).toBeVisible();
    const round = await picture.evaluate((img) => {
      const clipped = [img, img.parentElement!].find(
        (el) => getComputedStyle(el).borderRadius !== '0px',
      );
      return clipped ? getComputedStyle(clipped).borderRadius : null;
    });
    expect(round).toMatch(/^(50%|9999px|\d{3,}px)$/);
    await screen('profile with picture');
  });

  await test.step('subscribe through the test checkout, see the Pro limit, then cancel', async () => {
    await profile.getByRole('button', { name: 'Subscribe Now' }).click();
    await expect(page).toHaveURL(/\/api\/billing\/test-checkout\/cs_test_/);
    await screen('test checkout');
    await page.getByRole('button', { name: 'Subscribe (test)' }).click();
    // Back on the profile, which takes the checkout's query out of the address (profile.spec
    // checks what it says).
    await expect(page).toHaveURL(/\/profile$/);
    await expect(profile.getByText('Your plan: up to 5 models')).toBeVisible();

    await go(NAV_TEXT.models);
    await expect(page.getByRole('heading', { name: yourModels(1, 5) })).toBeVisible();
    await expect(page.getByRole('button', { name: MODELS_TEXT.addModel })).toBeVisible();

    await go(NAV_TEXT.profile);
    const cancel = profile.getByRole('button', { name: 'Cancel Subscription' });
    const dialog = page.getByRole('dialog', { name: 'Cancel Subscription' });
    await cancel.click();
    await screen('cancel subscription');
    await expectFocusReturns(cancel, dialog, () =>
      dialog.getByRole('button', { name: 'Keep Subscription' }).click(),
    );
    await cancel.click();
    await dialog.getByRole('button', { name: 'Cancel Subscription' }).click();
    await expect(profile.getByText(/^Your premium access ends on /)).toBeVisible();
  });

  await test.step('log out from the profile: every part of the app lets go of the account', async () => {
    const logOut = profile.getByRole('button', { name: 'LOG OUT' });
    const dialog = page.getByRole('dialog', { name: 'Log out' });
    await logOut.click();
    await screen('log out');
    await expectFocusReturns(logOut, dialog, () => page.keyboard.press('Escape'));
    await logOut.click();
    await dialog.getByRole('button', { name: 'Log out' }).click();

    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('login-card')).toBeVisible();
    const left = await page.evaluate(() =>
      Object.keys(localStorage).filter((key) =>
        /^ai-image-studio|user_|auth_|token_|session_|CognitoIdentityServiceProvider|img_cache_/.test(
          key,
        ),
      ),
    );
    expect(left).toEqual([]);
    expect(await page.evaluate(() => caches.has('gallery-thumbnails'))).toBe(false);
    expect(await page.evaluate(() => caches.has('img_cache_bytes'))).toBe(false);
  });

  await test.step('back online once, then offline: the app starts with the saved gallery', async () => {
    const card = page.getByTestId('login-card');
    await card.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await card.getByRole('textbox', { name: 'Password', exact: true }).fill(TEST_PASSWORD);
    await card.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Welcome back, Grace!' })).toBeVisible();
    await expect(tiles).toHaveCount(2);

    // The generate page kept nothing of the previous session.
    await go(NAV_TEXT.generate);
    await expect(page.getByRole('heading', { name: 'Ready to Generate' })).toBeVisible();
    await expect(result).toHaveCount(0);
    await go(NAV_TEXT.home);
    await expect(
      page.locator('[data-testid="gallery-tile"] [data-image-state="loaded"]'),
    ).toHaveCount(2);
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
      .toBe(true);
    await expect
      .poll(() =>
        page.evaluate(async () => (await (await caches.open('gallery-thumbnails')).keys()).length),
      )
      .toBeGreaterThanOrEqual(2);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByText(GALLERY_TEXT.showingSaved)).toBeVisible();
    await expect(
      page.locator('[data-testid="gallery-tile"] [data-image-state="loaded"]'),
    ).toHaveCount(2);
    await screen('gallery, offline');
    await context.setOffline(false);
  });
});

/** Every chosen training photo uploaded and checked by the API (ok or with a problem). */
async function expectAllChecked(dialog: Locator) {
  await expect(
    dialog.locator(
      '[data-testid="chosen-photo"]:not([data-state="ok"]):not([data-state="problem"])',
    ),
  ).toHaveCount(0, { timeout: 60_000 });
}

async function imageLoaded(image: Locator) {
  await expect(image).toBeVisible({ timeout: 120_000 });
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
}

/** The pixel size of a file as it is shown upright (EXIF orientations 5–8 swap the sides). */
async function imageSize(path: string) {
  const { width, height, orientation } = await sharp(path).metadata();
  return (orientation ?? 1) >= 5 ? { width: height, height: width } : { width, height };
}

/** The result's Download PNG: a PNG file, and its size. */
async function downloadedSize(page: Page, result: Locator) {
  const downloading = page.waitForEvent('download');
  await result.getByRole('button', { name: 'Download PNG' }).click();
  const path = (await (await downloading).path())!;
  expect((await sharp(path).metadata()).format).toBe('png');
  return imageSize(path);
}

/** One stroke over the mask editor, by one finger (real touch events) or by the mouse. */
function paint(page: Page, touch: boolean, points: ReadonlyArray<[number, number]>) {
  return strokeOver(page, page.getByTestId('mask-viewport'), points, touch);
}
