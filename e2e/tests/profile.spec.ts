import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from './support/test';
import sharp, { type Sharp } from 'sharp';
import { REPO_ROOT } from './support/paths';
import { animationsSettled, expectScreenChecks } from './support/screen-checks';
import { createConfirmedUser, signInAs, signInNewUser } from './support/session';
import { saveScreenshot } from './support/screenshots';

// Texts of @app/shared/spec (PROFILE_TEXT, SUBSCRIPTION_CHIP_LABELS) as the spec words them.
const TEXT = {
  updated: 'Profile updated successfully',
  updateFailed: 'Failed to update profile',
  uploadFailed: 'Failed to upload profile picture',
  processFailed: 'Failed to process image',
  unsupported: 'Please select a supported image format (JPEG, PNG, or WebP)',
  tooLarge: 'Image size must be less than 5MB',
  logoutFailed: 'Failed to logout',
  checkoutFailed: 'Failed to create checkout session',
  cancelFailed: 'Failed to cancel subscription',
  canceled:
    'Subscription canceled successfully. You can continue using premium features until the end of your billing period.',
  // The remote's own words (PROFILE_UI_TEXT) for the return from the checkout.
  checkoutSucceeded: 'Payment complete. Welcome to Pro!',
  checkoutCanceled: 'Checkout canceled. Nothing was charged.',
};

const FACES_DIR = process.env.FACES_DIR ?? join(REPO_ROOT, 'testdata', 'faces');
/** A 600×800 portrait: the default crop is its middle 600×600 square. */
const PORTRAIT = join(FACES_DIR, 'lisa_debruine', '01.jpg');

const header = (page: Page) => page.getByTestId('app-header');
const headerPicture = (page: Page) => header(page).getByRole('link', { name: 'Profile' });
const remote = (page: Page) => page.getByTestId('remote-profile');
const nameField = (page: Page) => remote(page).getByRole('textbox', { name: 'Full Name' });
const saveButton = (page: Page) => remote(page).getByRole('button', { name: 'Save Changes' });
const chip = (page: Page) => page.getByTestId('subscription-chip');
const subscriptionCard = (page: Page) => remote(page).getByRole('region', { name: 'Subscription' });
/** The shell's toast (its text is also read out by a live region, which is not the toast). */
const toast = (page: Page, text: string) =>
  page.getByTestId('toast').getByText(text, { exact: true });
/** The bottom navigation's tabs are buttons. */
const tab = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name });

async function idToken(page: Page): Promise<string> {
  return page.evaluate(
    () => Object.entries(localStorage).find(([key]) => key.endsWith('.idToken'))![1],
  );
}

function claims(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
}

/** GET /user as the signed-in user of `page`, straight from the API. */
async function profileOf(page: Page, baseURL: string) {
  const response = await fetch(`${baseURL}/api/user`, {
    headers: { authorization: `Bearer ${await idToken(page)}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as {
    name: string;
    profilePicture: string | null;
    subscriptionStatus: string;
    subscriptionEnd: string | null;
    modelLimit: number;
    storageUsed: number;
    settings: { emailWhenModelReady: boolean };
  };
}

async function openProfile(page: Page) {
  await page.goto('/profile');
  await expect(remote(page).getByRole('heading', { name: 'Profile Settings' })).toBeVisible();
  await expect(nameField(page)).toBeVisible();
}

test.describe('name', () => {
  test('a new name is saved, kept after a reload, greets on the dashboard and at a new sign-in', async ({
    page,
    baseURL,
  }) => {
    const user = await signInNewUser(page, baseURL!);
    await openProfile(page);
    await expect(nameField(page)).toHaveValue('Ada Lovelace');
    await expect(remote(page).getByRole('textbox', { name: 'Email Address' })).toHaveValue(
      user.email,
    );
    await expect(remote(page).getByRole('textbox', { name: 'Email Address' })).toHaveAttribute(
      'readonly',
    );
    // Unchanged: nothing to save.
    await expect(saveButton(page)).toBeDisabled();
    await saveScreenshot(page, 'page');
    await expectScreenChecks(page, 'profile page');

    await nameField(page).fill('');
    await expect(remote(page).getByText('This field is required')).toBeVisible();
    await expect(saveButton(page)).toBeDisabled();
    await nameField(page).fill('  Ada Lovelace ');
    await expect(saveButton(page)).toBeDisabled();

    await nameField(page).fill('Grace Hopper');
    await expect(saveButton(page)).toBeEnabled();
    await saveButton(page).click();
    await expect(toast(page, TEXT.updated)).toBeVisible();
    await expect(saveButton(page)).toBeDisabled();
    await saveScreenshot(page, 'saved');

    await page.reload();
    await expect(nameField(page)).toHaveValue('Grace Hopper');
    await tab(page, 'Home').click();
    await expect(page.getByRole('heading', { name: 'Welcome back, Grace!' })).toBeVisible();

    // A fresh sign-in: the identity service's own `name` attribute changed too.
    await page.evaluate(() => localStorage.clear());
    await signInAs(page, baseURL!, user);
    expect(claims(await idToken(page)).name).toBe('Grace Hopper');
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Welcome back, Grace!' })).toBeVisible();
  });

  test('a refused save says so and keeps what was typed', async ({ page, baseURL }) => {
    await signInNewUser(page, baseURL!);
    await openProfile(page);

    // The identity service refuses: nothing changes anywhere.
    await page.route('**/identity/**', async (route) => {
      const target = route.request().headers()['x-amz-target'] ?? '';
      if (!target.endsWith('.UpdateUserAttributes')) return route.fallback();
      await route.fulfill({
        status: 400,
        contentType: 'application/x-amz-json-1.1',
        body: JSON.stringify({ __type: 'InternalErrorException', message: 'down' }),
      });
    });
    await nameField(page).fill('Grace Hopper');
    await saveButton(page).click();
    await expect(remote(page).getByText(TEXT.updateFailed)).toBeVisible();
    await expect(nameField(page)).toHaveValue('Grace Hopper');
    await expect(saveButton(page)).toBeEnabled();
    expect((await profileOf(page, baseURL!)).name).toBe('Ada Lovelace');
    await page.unroute('**/identity/**');

    // The API refuses.
    await page.route('**/api/user', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({ status: 503, json: { error: 'Unavailable', message: 'busy' } })
        : route.fallback(),
    );
    await saveButton(page).click();
    await expect(remote(page).getByText(TEXT.updateFailed)).toBeVisible();
    await expect(nameField(page)).toHaveValue('Grace Hopper');
    await page.unroute('**/api/user');

    await saveButton(page).click();
    await expect(toast(page, TEXT.updated)).toBeVisible();
    await expect(remote(page).getByText(TEXT.updateFailed)).toHaveCount(0);
  });
});

/** The bytes and dimensions of a JPEG's first quantisation table (its DQT segment). */
function firstQuantTable(jpeg: Buffer): number[] {
  for (let at = 2; at < jpeg.length;) {
    const marker = jpeg.readUInt16BE(at);
    const length = jpeg.readUInt16BE(at + 2);
    if (marker === 0xffdb) return [...jpeg.subarray(at + 5, at + 5 + 64)];
    at += 2 + length;
  }
  throw new Error('no quantisation table');
}

/** Mean absolute difference of two images at 32×32 greyscale, 0–255. */
async function difference(a: Sharp, b: Sharp): Promise<number> {
  const small = (image: Sharp) =>
    image.resize(32, 32, { fit: 'fill' }).greyscale().raw().toBuffer();
  const [left, right] = await Promise.all([small(a), small(b)]);
  let sum = 0;
  for (let i = 0; i < left.length; i += 1) sum += Math.abs(left[i]! - right[i]!);
  return sum / left.length;
}

test.describe('storage', () => {
  test('the profile says how much of the storage the images take', async ({ page, baseURL }) => {
    await signInNewUser(page, baseURL!);
    const photo = readFileSync(PORTRAIT).toString('base64');
    const uploaded = await fetch(`${baseURL}/api/media/upload`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${await idToken(page)}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        photos: [{ imageBase64: photo, filename: 'me.jpg', contentType: 'image/jpeg' }],
      }),
    });
    expect(uploaded.status).toBe(200);
    const { storageUsed } = await profileOf(page, baseURL!);
    expect(storageUsed).toBeGreaterThan(100 * 1024);

    await openProfile(page);
    const line = remote(page).getByText(/^Storage: [\d.]+ KB of 2 GB used$/);
    await expect(line).toBeVisible();
    await expect(remote(page).getByRole('progressbar', { name: /^Storage:/ })).toHaveAttribute(
      'aria-valuenow',
      '0',
    );
    await saveScreenshot(page, 'storage', { focus: line });
    await expectScreenChecks(page, 'profile page with storage');
  });
});

test.describe('notifications', () => {
  test('"E-mail me when a model is ready" is on by default and stays off once turned off', async ({
    page,
    baseURL,
  }) => {
    await signInNewUser(page, baseURL!);
    await openProfile(page);
    const toggle = remote(page).getByRole('switch', { name: 'E-mail me when a model is ready' });
    await expect(toggle).toBeChecked();
    await saveScreenshot(page, 'notifications-on', { focus: toggle });
    await toggle.click();
    await expect(toggle).not.toBeChecked();
    await expect(toggle).toBeEnabled();
    expect((await profileOf(page, baseURL!)).settings).toEqual({ emailWhenModelReady: false });
    await page.reload();
    await expect(toggle).not.toBeChecked();
    await saveScreenshot(page, 'notifications-off', { focus: toggle });
    await expectScreenChecks(page, 'profile page with the mail switch');
  });
});

test.describe('picture', () => {
  test('a real photo is cropped to a circle, uploaded as a square JPEG and shown at once', async ({
    page,
    baseURL,
  }) => {
    await signInNewUser(page, baseURL!);
    await openProfile(page);
    await expect(headerPicture(page).locator('svg')).toBeVisible();

    await remote(page).getByTestId('profile-picture-input').setInputFiles(PORTRAIT);
    const dialog = page.getByRole('dialog', { name: 'Crop Profile Picture' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('cropper')).toHaveClass(/reactEasyCrop_CropAreaRound/);
    await expect(dialog.getByRole('button', { name: '2x' })).toHaveCount(0);
    const zoom = dialog.getByRole('slider', { name: 'Zoom' });
    await expect(zoom).toHaveAttribute('min', '1');
    await expect(zoom).toHaveAttribute('max', '3');
    await expect(zoom).toHaveAttribute('step', '0.1');
    await expect(dialog.getByRole('button', { name: 'Apply' })).toBeEnabled();
    await animationsSettled(page); // the dialog's opening motion
    await saveScreenshot(page, 'crop-dialog');
    await expectScreenChecks(page, 'crop dialog');

    const uploaded = page.waitForRequest(
      (request) =>
        request.url().endsWith('/api/user/profile-picture') && request.method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Apply' }).click();
    const body = (await uploaded).postDataJSON() as { imageBase64: string; contentType: string };
    await expect(dialog).toBeHidden();
    await expect(toast(page, TEXT.updated)).toBeVisible();

    // The header's picture changed without a reload, served from the profile-image cache.
    await expect(headerPicture(page).locator('img')).toBeVisible();
    await expect(headerPicture(page).locator('img')).toHaveAttribute('src', /^blob:/);
    await expect(remote(page).getByRole('img', { name: 'Profile picture' })).toHaveAttribute(
      'src',
      /^blob:/,
    );
    await saveScreenshot(page, 'with-picture');

    // What was sent: a JPEG at quality 0.9, square, of the photo's middle square.
    expect(body.contentType).toBe('image/jpeg');
    const jpeg = Buffer.from(body.imageBase64.replace(/^data:image\/jpeg;base64,/, ''), 'base64');
    const sent = await sharp(jpeg).metadata();
    expect(sent.format).toBe('jpeg');
    expect([sent.width, sent.height]).toEqual([600, 600]);
    const reference90 = await sharp({
      create: { width: 8, height: 8, channels: 3, background: '#808080' },
    })
      .jpeg({ quality: 90 })
      .toBuffer();
    expect(firstQuantTable(jpeg)).toEqual(firstQuantTable(reference90));
    const middle = () => sharp(PORTRAIT).extract({ left: 0, top: 100, width: 600, height: 600 });
    const top = () => sharp(PORTRAIT).extract({ left: 0, top: 0, width: 600, height: 600 });
    const toMiddle = await difference(sharp(jpeg), middle());
    expect(toMiddle).toBeLessThan(4);
    expect(await difference(sharp(jpeg), top())).toBeGreaterThan(toMiddle * 3);

    // What the API stored and serves: square, with the cropped content.
    const { profilePicture } = await profileOf(page, baseURL!);
    const stored = Buffer.from(await (await fetch(profilePicture!)).arrayBuffer());
    const storedMeta = await sharp(stored).metadata();
    expect(storedMeta.width).toBe(storedMeta.height);
    expect(await difference(sharp(stored), middle())).toBeLessThan(4);

    // The cache of spec §9: a record (url, timestamp, size) under img_cache_, bytes in Cache Storage.
    const cached = await page.evaluate(async () => {
      const records = Object.entries(localStorage)
        .filter(([key]) => key.startsWith('img_cache_'))
        .map(([, value]) => JSON.parse(value) as { url: string; timestamp: number; size: number });
      const cache = await caches.open('img_cache_bytes');
      return { records, entries: (await cache.keys()).map((request) => request.url) };
    });
    expect(cached.records).toHaveLength(1);
    expect(cached.records[0]!.url).toBe(
      new URL(profilePicture!).origin + new URL(profilePicture!).pathname,
    );
    expect(cached.records[0]!.size).toBe(stored.length);
    expect(cached.entries).toEqual([cached.records[0]!.url]);

    // A reload reads a newly signed URL, and the picture still comes from the cache.
    const pictureRequests: string[] = [];
    page.on('request', (request) => {
      if (/\/users\/[^/]+\/profile\//.test(request.url())) pictureRequests.push(request.url());
    });
    await page.reload();
    await expect(headerPicture(page).locator('img')).toHaveAttribute('src', /^blob:/);
    await expect(remote(page).getByRole('img', { name: 'Profile picture' })).toBeVisible();
    expect(pictureRequests).toEqual([]);

    // Removing it falls back to the default icon, in the header too.
    await remote(page).getByRole('button', { name: 'Remove picture' }).click();
    const removal = page.getByRole('dialog', { name: 'Remove Profile Picture' });
    await expect(removal).toBeVisible();
    await animationsSettled(page);
    await saveScreenshot(page, 'remove-dialog');
    await expectScreenChecks(page, 'remove picture dialog');
    await removal.getByRole('button', { name: 'Remove' }).click();
    await expect(removal).toBeHidden();
    await expect(headerPicture(page).locator('svg')).toBeVisible();
    await expect(headerPicture(page).locator('img')).toHaveCount(0);
    await expect(remote(page).getByRole('button', { name: 'Remove picture' })).toHaveCount(0);
    expect((await profileOf(page, baseURL!)).profilePicture).toBeNull();
  });

  test('files over 5 MB and other types are refused with the spec messages', async ({
    page,
    baseURL,
  }) => {
    await signInNewUser(page, baseURL!);
    await openProfile(page);
    let uploads = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/user/profile-picture')) uploads += 1;
    });
    const input = remote(page).getByTestId('profile-picture-input');

    await input.setInputFiles({
      name: 'huge.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.concat([readFileSync(PORTRAIT), Buffer.alloc(5 * 1024 * 1024)]),
    });
    await expect(remote(page).getByRole('alert')).toHaveText(TEXT.tooLarge);
    await saveScreenshot(page, 'too-large', { focus: remote(page).getByRole('alert') });
    await expectScreenChecks(page, 'picture too large');

    await input.setInputFiles({
      name: 'animation.gif',
      mimeType: 'image/gif',
      buffer: Buffer.from('GIF89a'),
    });
    await expect(remote(page).getByRole('alert')).toHaveText(TEXT.unsupported);
    await input.setInputFiles({
      name: 'photo.heic',
      mimeType: 'image/heic',
      buffer: Buffer.from('heic'),
    });
    await expect(remote(page).getByRole('alert')).toHaveText(TEXT.unsupported);

    // The right type and size, but not a picture the browser can draw.
    await input.setInputFiles({
      name: 'broken.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(2000, 7)]),
    });
    await expect(remote(page).getByRole('alert')).toHaveText(TEXT.processFailed);
    await saveScreenshot(page, 'broken-file', { focus: remote(page).getByRole('alert') });

    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(uploads).toBe(0);
  });

  test('a failed crop or upload keeps the dialog open with the message, and Apply tries again', async ({
    page,
    baseURL,
  }) => {
    await signInNewUser(page, baseURL!);
    await openProfile(page);
    await page.route('**/api/user/profile-picture', (route) =>
      route.fulfill({ status: 503, json: { error: 'Unavailable', message: 'busy' } }),
    );
    await remote(page).getByTestId('profile-picture-input').setInputFiles(PORTRAIT);
    const dialog = page.getByRole('dialog', { name: 'Crop Profile Picture' });
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(TEXT.uploadFailed);
    await saveScreenshot(page, 'upload-failed');

    // The crop cannot be encoded (a canvas over the browser's size limit does this on phones).
    await page.evaluate(() => {
      const original = HTMLCanvasElement.prototype.toBlob;
      (window as unknown as { restoreCanvas: () => void }).restoreCanvas = () => {
        HTMLCanvasElement.prototype.toBlob = original;
      };
      HTMLCanvasElement.prototype.toBlob = function (callback: BlobCallback) {
        callback(null);
      };
    });
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(TEXT.processFailed);
    await page.evaluate(() => (window as unknown as { restoreCanvas: () => void }).restoreCanvas());

    await page.unroute('**/api/user/profile-picture');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(dialog).toBeHidden();
    await expect(headerPicture(page).locator('img')).toBeVisible();
  });
});

test.describe('subscription', () => {
  test('subscribe through the test checkout, then cancel at the end of the period', async ({
    page,
    baseURL,
  }) => {
    await signInNewUser(page, baseURL!);
    await openProfile(page);
    await expect(chip(page)).toHaveText('No Subscription');
    await expect(remote(page).getByText('Your plan: 1 model')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancel Subscription' })).toHaveCount(0);

    await remote(page).getByRole('button', { name: 'Subscribe Now' }).click();
    await expect(page).toHaveURL(/\/api\/billing\/test-checkout\/cs_test_/);
    await expect(page.getByRole('alert')).toContainText('TEST MODE');
    await saveScreenshot(page, 'test-checkout');
    await expectScreenChecks(page, 'test checkout page');
    await page.getByRole('button', { name: 'Subscribe (test)' }).click();

    // Back on the profile, it says what happened and the address loses the checkout's query.
    await expect(toast(page, TEXT.checkoutSucceeded)).toBeVisible();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(chip(page)).toHaveText('Active');
    await expect(remote(page).getByText('Your plan: up to 5 models')).toBeVisible();
    await expect(remote(page).getByRole('button', { name: 'Subscribe Now' })).toHaveCount(0);
    const active = await profileOf(page, baseURL!);
    expect(active.subscriptionStatus).toBe('active');
    expect(active.modelLimit).toBe(5);
    await saveScreenshot(page, 'sub-active', { focus: subscriptionCard(page) });

    await remote(page).getByRole('button', { name: 'Cancel Subscription' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel Subscription' });
    await expect(dialog).toContainText('end of the current billing period');
    await animationsSettled(page);
    await saveScreenshot(page, 'cancel-dialog');
    await expectScreenChecks(page, 'cancel subscription dialog');
    // Keeping it changes nothing.
    await dialog.getByRole('button', { name: 'Keep Subscription' }).click();
    await expect(dialog).toBeHidden();
    await expect(chip(page)).toHaveText('Active');

    await remote(page).getByRole('button', { name: 'Cancel Subscription' }).click();
    await dialog.getByRole('button', { name: 'Cancel Subscription' }).click();
    // The toast first: it shows for 3 s, which the dialog's closing can take on a busy machine.
    await expect(toast(page, TEXT.canceled)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(chip(page)).toHaveText('Canceled');
    const end = new Date(active.subscriptionEnd!).toLocaleDateString('en-US', {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
    });
    await expect(remote(page).getByText(`Your premium access ends on ${end}.`)).toBeVisible();
    await expect(remote(page).getByRole('button', { name: 'Cancel Subscription' })).toHaveCount(0);
    await expect(remote(page).getByRole('button', { name: 'Subscribe Now' })).toBeVisible();
    // Pro lasts until the end of the period already paid for.
    expect((await profileOf(page, baseURL!)).modelLimit).toBe(5);
    await saveScreenshot(page, 'sub-canceled', { focus: subscriptionCard(page) });
  });

  const FUTURE = '2099-06-15T00:00:00.000Z';
  const PAST = '2020-01-01T00:00:00.000Z';
  for (const [status, end, label, canCancel, canSubscribe, note] of [
    ['trialing', FUTURE, 'Trial', false, false, false],
    ['past_due', FUTURE, 'Past Due', false, true, false],
    ['unpaid', null, 'Unpaid', false, true, false],
    ['cancelled', FUTURE, 'Canceled', false, true, true],
    ['canceled', PAST, 'Canceled', false, true, false],
    ['none', null, 'No Subscription', false, true, false],
    ['active', FUTURE, 'Active', true, false, false],
  ] as const) {
    test(`status ${status} (end ${end === FUTURE ? 'later' : end === PAST ? 'past' : 'none'}) shows ${label}`, async ({
      page,
      baseURL,
    }) => {
      await signInNewUser(page, baseURL!);
      // The test checkout only makes active and canceled: the API's answer is edited for the rest.
      await page.route('**/api/user', async (route) => {
        if (route.request().method() !== 'GET') return route.fallback();
        const response = await route.fetch();
        const profile = (await response.json()) as Record<string, unknown>;
        await route.fulfill({
          response,
          json: { ...profile, subscriptionStatus: status, subscriptionEnd: end },
        });
      });
      await openProfile(page);
      await expect(chip(page)).toHaveText(label);
      await expect(remote(page).getByRole('button', { name: 'Cancel Subscription' })).toHaveCount(
        canCancel ? 1 : 0,
      );
      await expect(remote(page).getByRole('button', { name: 'Subscribe Now' })).toHaveCount(
        canSubscribe ? 1 : 0,
      );
      await expect(
        remote(page).getByText('Your premium access ends on June 15, 2099.'),
      ).toHaveCount(note ? 1 : 0);
      await saveScreenshot(page, `sub-${status}-${end === PAST ? 'past' : 'later'}`, {
        focus: subscriptionCard(page),
      });
    });
  }

  test('at 320 px nothing scrolls sideways, the longest chip and the note included', async ({
    page,
    baseURL,
  }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await signInNewUser(page, baseURL!);
    await page.route('**/api/user', async (route) => {
      if (route.request().method() !== 'GET') return route.fallback();
      const response = await route.fetch();
      const profile = (await response.json()) as Record<string, unknown>;
      await route.fulfill({
        response,
        json: {
          ...profile,
          subscriptionStatus: 'canceled',
          subscriptionEnd: '2099-09-30T00:00:00Z',
        },
      });
    });
    await openProfile(page);
    await expect(remote(page).getByText('Your premium access ends on')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      320,
    );
    // Every field stays inside its card.
    const overflowing = await remote(page).evaluate(
      (root) =>
        Array.from(root.querySelectorAll('.fui-Input')).filter((field) => {
          const card = field.closest('form')!.getBoundingClientRect();
          return field.getBoundingClientRect().right > card.right + 0.5;
        }).length,
    );
    expect(overflowing).toBe(0);
    await saveScreenshot(page, 'narrow-320', { focus: subscriptionCard(page) });
  });

  test('a checkout left with Cancel says nothing was charged, once', async ({ page, baseURL }) => {
    await signInNewUser(page, baseURL!);
    await openProfile(page);
    await remote(page).getByRole('button', { name: 'Subscribe Now' }).click();
    await expect(page).toHaveURL(/\/api\/billing\/test-checkout\/cs_test_/);
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();

    await expect(toast(page, TEXT.checkoutCanceled)).toBeVisible();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(chip(page)).toHaveText('No Subscription');
    await saveScreenshot(page, 'checkout-canceled');
    await expectScreenChecks(page, 'back from a canceled checkout');
    // A reload does not say it again.
    await page.reload();
    await expect(nameField(page)).toBeVisible();
    await expect(page.getByTestId('toast')).toHaveCount(0);
  });

  test('a checkout or a cancellation that fails says so', async ({ page, baseURL }) => {
    await signInNewUser(page, baseURL!);
    await page.route('**/api/create-checkout-session', (route) =>
      route.fulfill({ status: 503, json: { error: 'Unavailable', message: 'busy' } }),
    );
    await openProfile(page);
    await remote(page).getByRole('button', { name: 'Subscribe Now' }).click();
    await expect(remote(page).getByText(TEXT.checkoutFailed)).toBeVisible();
    await expect(remote(page).getByRole('button', { name: 'Subscribe Now' })).toBeEnabled();
    await expect(page).toHaveURL(/\/profile$/);
    await saveScreenshot(page, 'checkout-failed', { focus: subscriptionCard(page) });
    await expectScreenChecks(page, 'checkout failed');

    await page.route('**/api/user', async (route) => {
      if (route.request().method() !== 'GET') return route.fallback();
      const response = await route.fetch();
      const profile = (await response.json()) as Record<string, unknown>;
      await route.fulfill({
        response,
        json: { ...profile, subscriptionStatus: 'active', subscriptionEnd: '2099-06-15T00:00:00Z' },
      });
    });
    await page.route('**/api/cancel-subscription', (route) =>
      route.fulfill({ status: 503, json: { error: 'Unavailable', message: 'busy' } }),
    );
    await page.reload();
    await remote(page).getByRole('button', { name: 'Cancel Subscription' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel Subscription' });
    await dialog.getByRole('button', { name: 'Cancel Subscription' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(TEXT.cancelFailed);
    await expect(dialog).toBeVisible();
    await saveScreenshot(page, 'cancel-failed');
  });
});

test.describe('log out', () => {
  test('confirmed, the shell signs out, clears the account storage and the picture cache', async ({
    page,
    baseURL,
  }) => {
    await signInNewUser(page, baseURL!);
    await openProfile(page);
    await remote(page).getByTestId('profile-picture-input').setInputFiles(PORTRAIT);
    await page
      .getByRole('dialog', { name: 'Crop Profile Picture' })
      .getByRole('button', { name: 'Apply' })
      .click();
    await expect(headerPicture(page).locator('img')).toHaveAttribute('src', /^blob:/);
    await page.evaluate(() => {
      localStorage.setItem('ai-image-studio:gallery-cache', '[]');
      localStorage.setItem('unrelated-preference', 'kept');
      // What the generate page keeps of this account (spec §3): its prompts and its models.
      localStorage.setItem('promptHistory', JSON.stringify(['my private prompt']));
      localStorage.setItem('selectedModelIds', JSON.stringify(['a-model']));
    });

    await remote(page).getByRole('button', { name: 'LOG OUT' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log out' });
    await expect(dialog).toContainText('Are you sure you want to log out?');
    await animationsSettled(page);
    await saveScreenshot(page, 'logout-dialog');
    await expectScreenChecks(page, 'logout dialog');
    await dialog.getByRole('button', { name: 'Log out' }).click();

    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('home-page')).toBeVisible();
    await expect(remote(page)).toHaveCount(0);
    expect(await page.evaluate(() => Object.keys(localStorage).sort())).toEqual([
      'unrelated-preference',
    ]);
    await expect.poll(() => page.evaluate(() => caches.has('img_cache_bytes'))).toBe(false);
  });

  test('the next account signed in on the same page never sees the previous one', async ({
    page,
    baseURL,
  }) => {
    await signInNewUser(page, baseURL!, 'Ada Lovelace');
    const next = await createConfirmedUser(baseURL!, 'Bob Builder');
    await openProfile(page);
    await remote(page).getByRole('button', { name: 'LOG OUT' }).click();
    await page
      .getByRole('dialog', { name: 'Log out' })
      .getByRole('button', { name: 'Log out' })
      .click();
    await expect(page.getByTestId('home-page')).toBeVisible();

    // Watch every text the page shows from now on, without reloading it.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { seenTexts: string[] }).seenTexts = seen;
      new MutationObserver(() => seen.push(document.body.innerText)).observe(document.body, {
        subtree: true,
        childList: true,
        characterData: true,
      });
    });
    const card = page.getByTestId('login-card');
    await card.getByRole('textbox', { name: 'Email', exact: true }).fill(next.email);
    await card.getByRole('textbox', { name: 'Password', exact: true }).fill(next.password);
    await card.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Welcome back, Bob!' })).toBeVisible();
    await tab(page, 'Profile').click();
    await expect(nameField(page)).toHaveValue('Bob Builder');
    const seen = await page.evaluate(() =>
      (window as unknown as { seenTexts: string[] }).seenTexts.join('\n'),
    );
    expect(seen).not.toContain('Ada');
  });

  test("when the shell cannot sign out, the dialog says 'Failed to logout'", async ({
    page,
    baseURL,
  }) => {
    await signInNewUser(page, baseURL!);
    await openProfile(page);
    // The session's keys cannot be removed (a browser refusing storage access).
    await page.evaluate(() => {
      const original = Storage.prototype.removeItem;
      (window as unknown as { restoreStorage: () => void }).restoreStorage = () => {
        Storage.prototype.removeItem = original;
      };
      Storage.prototype.removeItem = function (key: string) {
        if (key.startsWith('CognitoIdentityServiceProvider')) throw new Error('storage refused');
        original.call(this, key);
      };
    });
    await remote(page).getByRole('button', { name: 'LOG OUT' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log out' });
    await dialog.getByRole('button', { name: 'Log out' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(TEXT.logoutFailed);
    await expect(page).toHaveURL(/\/profile$/);
    await saveScreenshot(page, 'logout-failed');

    await page.evaluate(() =>
      (window as unknown as { restoreStorage: () => void }).restoreStorage(),
    );
    await dialog.getByRole('button', { name: 'Log out' }).click();
    await expect(page.getByTestId('home-page')).toBeVisible();
  });
});
