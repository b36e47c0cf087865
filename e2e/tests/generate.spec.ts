import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { APP_TEXT, EDIT_MASK_TEXT, GENERATION_POLL_DEADLINE_MS, KIT_TEXT } from '@app/shared/spec';
import { expect, test, type Page, type TestInfo } from './support/test';
import sharp from 'sharp';
import { strokeOver } from './support/gestures';
import { E2E_WORK_DIR } from './support/paths';
import { expectNoSeriousA11yViolations, expectScreenChecks } from './support/screen-checks';
import { signInAs, signInNewUser } from './support/session';
import { holdToastClearOf, toastOf } from './support/toasts';
import { HELD_OUT_PHOTO, userWithModels, type UserWithModels } from './support/trained-models';
import { saveScreenshot } from './support/screenshots';

/** Spec §2 ratios and the built-in engine's output size for each (api/src/engines/README.md). */
const RATIOS = [
  { label: '1:1 Square', width: 512, height: 512 },
  { label: '4:5 Portrait', width: 460, height: 576 },
  { label: '16:9 Landscape', width: 912, height: 512 },
  { label: '9:16 Vertical', width: 324, height: 576 },
  { label: '3:2 Photo', width: 768, height: 512 },
  { label: '5:4 Classic', width: 640, height: 512 },
] as const;

const TAKING_LONGER = 'Generation is taking longer than expected. Please try again.';

let fixture: UserWithModels;

test.beforeAll(async ({ baseURL }, testInfo) => {
  // Three trainings, queued behind those of the other worker's tests on the CPU engine.
  testInfo.setTimeout(600_000);
  fixture = await userWithModels(baseURL!, 'generate-three-models', ['Lisa', 'Ada', 'Grace']);
});

/** The whole form and its result: on a phone they run below the first screen. */
const shot = (page: Page, name: string) => saveScreenshot(page, name, { fullPage: true });

const action = (page: Page) => page.getByTestId('generate-action');
const reason = (page: Page) => page.getByTestId('action-reason');
const result = (page: Page) => page.getByTestId('generation-result');
const modelTile = (page: Page, name: string) =>
  page.getByTestId('model-picker').getByRole('checkbox', { name, exact: true });

async function openGenerate(page: Page, baseURL: string) {
  await signInAs(page, baseURL, fixture.user);
  await page.goto('/generate');
  await expect(action(page)).toBeVisible();
}

async function chooseMode(page: Page, mode: 'Text to Image' | 'Edit Image') {
  await page.getByTestId('mode-toggle').getByRole('radio', { name: mode }).click();
  await expect(page.getByRole('radio', { name: mode })).toBeChecked();
}

/** Waits for the result image to have loaded. */
async function resultImageLoaded(page: Page) {
  const image = result(page).locator('img');
  await expect(image).toBeVisible({ timeout: 60_000 });
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
}

async function downloadResult(page: Page) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    result(page).getByRole('button', { name: 'Download PNG' }).click(),
  ]);
  return { name: download.suggestedFilename(), path: await download.path() };
}

/** A stroke through points given as fractions of the editor's box, by mouse or by one finger. */
function stroke(page: Page, points: ReadonlyArray<[number, number]>, touch: boolean) {
  return strokeOver(page, page.getByTestId('mask-viewport'), points, touch);
}

/** Two fingers spreading apart from the middle of the editor. */
async function pinchOut(page: Page) {
  await page.getByTestId('mask-viewport').scrollIntoViewIfNeeded();
  const box = (await page.getByTestId('mask-viewport').boundingBox())!;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const cdp = await page.context().newCDPSession(page);
  const fingers = (spread: number) => [
    { x: cx - spread, y: cy, id: 1 },
    { x: cx + spread, y: cy, id: 2 },
  ];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: fingers(30) });
  for (const spread of [45, 60, 75, 90]) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: fingers(spread) });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** Lisa's held-out photo as a PNG: the api keeps a PNG's pixels exactly (it re-encodes JPEGs). */
async function heldOutPhotoPng(): Promise<{
  path: string;
  raw: Buffer;
  width: number;
  height: number;
}> {
  // A file per worker, written once: Chromium refuses to send a picked file that changed on
  // disk since it was picked (ERR_UPLOAD_FILE_CHANGED), as the other worker's copy would.
  const dir = join(E2E_WORK_DIR, 'generate-inputs', String(process.pid));
  mkdirSync(dir, { recursive: true });
  const path = join(dir, 'lisa-07.png');
  if (!existsSync(path)) writeFileSync(path, await sharp(HELD_OUT_PHOTO).rotate().png().toBuffer());
  const { data, info } = await sharp(path)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { path, raw: data, width: info.width, height: info.height };
}

/**
 * Keeps a copy of every mask the page sends (Chromium does not hand a multipart body with files
 * to the test): the page's own fetch, wrapped before any app code runs.
 */
async function recordSentMasks(page: Page) {
  await page.addInitScript(() => {
    const sent: string[] = [];
    (window as unknown as { sentMasks: string[] }).sentMasks = sent;
    const original = window.fetch.bind(window);
    window.fetch = async (input, init) => {
      const body = init?.body;
      const mask = body instanceof FormData ? body.get('mask') : null;
      if (mask instanceof Blob) {
        const bytes = new Uint8Array(await mask.arrayBuffer());
        let binary = '';
        for (const byte of bytes) binary += String.fromCharCode(byte);
        sent.push(btoa(binary));
      }
      return original(input, init);
    };
  });
}

async function uploadPhoto(page: Page, path: string) {
  await page.getByTestId('edit-inputs').locator('input[type="file"]').setInputFiles(path);
  await expect(page.getByTestId('mask-editor')).toBeVisible();
}

test('a user without a ready model is sent to /training?from=generate', async ({
  page,
  baseURL,
}) => {
  await signInNewUser(page, baseURL!);
  await page.goto('/generate');
  await expect(page).toHaveURL(/\/(training|models)\?from=generate$/);
});

test('generates in each of the six aspect ratios at the size of each', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  await openGenerate(page, baseURL!);
  await expect(page.getByRole('heading', { name: 'Ready to Generate' })).toBeVisible();
  await expect(page.getByRole('radio', { name: /1:1 Square/ })).toBeChecked();
  // The built-in engine's note, before anything is typed.
  await expect(page.getByTestId('engine-note')).toContainText(
    'draws head-and-shoulders portraits of this person',
  );
  await shot(page, 'text-empty');
  await expectScreenChecks(page, 'generate, text to image');

  const prompts: string[] = [];
  for (const [index, ratio] of RATIOS.entries()) {
    const prompt = `portrait of lisa number ${index + 1}, studio light in ${ratio.label}`;
    prompts.unshift(prompt);
    await page.getByRole('radio', { name: ratio.label }).click();
    await page.getByRole('textbox', { name: 'Prompt' }).fill(prompt);
    await action(page).click();
    await expect(action(page)).toHaveText('Generating...');
    await resultImageLoaded(page);
    await expect(result(page).getByTestId('result-prompt')).toHaveText(prompt);
    await expect(result(page).getByTestId('result-settings')).toContainText(ratio.label);
    await expect(result(page).getByTestId('result-settings')).toContainText('Text-to-Image');
    await expect(result(page).getByTestId('result-settings')).toContainText('PNG Format');
    await expect(result(page).getByTestId('result-facts')).toContainText(
      /(Looks like you|Might not look like you) · \d+ %/,
    );
    await expect(result(page).getByTestId('result-facts')).toContainText(/Seed \d+/);
    const file = await downloadResult(page);
    expect(file.name).toMatch(/^generate-[0-9a-f-]{36}\.png$/);
    const meta = await sharp(file.path).metadata();
    expect([meta.format, meta.width, meta.height], ratio.label).toEqual([
      'png',
      ratio.width,
      ratio.height,
    ]);
  }
  await shot(page, 'text-result');
  await expectScreenChecks(page, 'generate, result');

  // Recent prompts: the 5 newest, cut at 30 characters; a tap fills the whole prompt.
  const chips = page.getByTestId('recent-prompts').getByRole('button');
  await expect(chips).toHaveCount(5);
  await expect(chips.first()).toHaveText(`${prompts[0]!.slice(0, 30)}...`);
  await page.getByRole('textbox', { name: 'Prompt' }).fill('');
  await chips.nth(2).click();
  await expect(page.getByRole('textbox', { name: 'Prompt' })).toHaveValue(prompts[2]!);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('promptHistory')!));
  expect(stored).toEqual(prompts);

  // The large preview, and a new draw of the same prompt.
  await result(page).getByRole('button', { name: 'Open the image large' }).click();
  const viewer = page.getByRole('dialog');
  await expect(viewer.locator('img')).toBeVisible();
  await shot(page, 'text-preview');
  await expectNoSeriousA11yViolations(page, 'generate, preview');
  await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);
  const firstSeed = await result(page).getByTestId('result-facts').textContent();
  await result(page).getByRole('button', { name: 'Generate again' }).click();
  await expect(result(page)).toHaveCount(0);
  await resultImageLoaded(page);
  await expect(result(page).getByTestId('result-facts')).not.toHaveText(firstSeed!);
});

test('two models stay chosen across a reload and a third cannot be chosen', async ({
  page,
  baseURL,
}) => {
  await openGenerate(page, baseURL!);
  const [lisa, ada, grace] = fixture.models;
  // A first visit starts with the first ready model.
  await expect(modelTile(page, 'Lisa')).toBeChecked();
  await modelTile(page, 'Ada').click();
  await expect(modelTile(page, 'Ada')).toBeChecked();
  await expect(modelTile(page, 'Grace')).toBeDisabled();
  await modelTile(page, 'Grace').click({ force: true });
  await expect(modelTile(page, 'Grace')).not.toBeChecked();
  await expect(page.getByTestId('trigger-words')).toContainText('lisa');
  await expect(page.getByTestId('trigger-words')).toContainText('ada');

  await page.reload();
  await expect(modelTile(page, 'Lisa')).toBeChecked();
  await expect(modelTile(page, 'Ada')).toBeChecked();
  await expect(modelTile(page, 'Grace')).toBeDisabled();
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('selectedModelIds')!))).toEqual([
    lisa!.modelId,
    ada!.modelId,
  ]);

  // A trigger word goes in where the cursor is.
  const prompt = page.getByRole('textbox', { name: 'Prompt' });
  await prompt.fill('portrait of  at the beach');
  await prompt.evaluate((element: HTMLTextAreaElement) => element.setSelectionRange(12, 12));
  await page.getByTestId('trigger-words').getByRole('button', { name: /ada$/ }).click();
  await expect(prompt).toHaveValue('portrait of ada at the beach');
  expect(grace).toBeDefined();
});

test('each §5 message says what is missing', async ({ page, baseURL }, testInfo) => {
  const touch = testInfo.project.name === 'phone';
  await openGenerate(page, baseURL!);
  await expect(reason(page)).toHaveText('Please enter a prompt');
  await expect(action(page)).toBeDisabled();
  await page.getByRole('textbox', { name: 'Prompt' }).fill('   ');
  await expect(reason(page)).toHaveText('Please enter a prompt');
  await page.getByRole('textbox', { name: 'Prompt' }).fill('portrait of lisa');
  await expect(reason(page)).toHaveCount(0);
  await expect(action(page)).toBeEnabled();
  await modelTile(page, 'Lisa').click();
  await expect(reason(page)).toHaveText('Please select at least one model');
  await expect(action(page)).toBeDisabled();
  await modelTile(page, 'Lisa').click();

  await chooseMode(page, 'Edit Image');
  await expect(page.getByRole('textbox', { name: 'Describe the changes' })).toHaveValue(
    'portrait of lisa',
  );
  await expect(reason(page)).toHaveText('Please upload an image');
  await expect(page.getByRole('heading', { name: 'Ready to Edit' })).toBeVisible();
  await expect(page.getByText('Supports PNG, JPG, JPEG, WEBP • Max 10MB')).toBeVisible();
  await page
    .getByTestId('edit-inputs')
    .locator('input[type="file"]')
    .setInputFiles({ name: 'notes.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
  await expect(
    page.getByText('Please select a valid image file (PNG, JPG, JPEG, or WEBP)'),
  ).toBeVisible();

  await uploadPhoto(page, HELD_OUT_PHOTO);
  await expect(page.getByTestId('chosen-image')).toContainText('07.jpg');
  await expect(page.getByTestId('chosen-image')).toContainText(/^07\.jpg0\.81 MB$/);
  await expect(reason(page)).toHaveText('Please paint a mask on the image');
  await stroke(
    page,
    [
      [0.2, 0.2],
      [0.25, 0.22],
    ],
    touch,
  );
  await expect(reason(page)).toHaveCount(0);
  // Erased back to nothing: strokes exist, the mask is empty; the export finds out.
  await page.getByRole('button', { name: 'Erase' }).click();
  await page.getByRole('slider', { name: 'Brush size' }).fill('50');
  await stroke(
    page,
    [
      [0.17, 0.2],
      [0.28, 0.21],
    ],
    touch,
  );
  await action(page).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Please paint a mask on the image' }),
  ).toBeVisible();
});

/** Edit mode with the held-out photo chosen and its faces known to the page. */
async function editHeldOutPhoto(page: Page, baseURL: string) {
  const photo = await heldOutPhotoPng();
  await openGenerate(page, baseURL);
  await chooseMode(page, 'Edit Image');
  await page.getByRole('textbox', { name: 'Describe the changes' }).fill('natural look');
  const faces = page.waitForResponse('**/api/generate/edit-image/faces');
  await uploadPhoto(page, photo.path);
  expect((await faces).status()).toBe(200);
  return {
    photo,
    advice: page.getByTestId('mask-advice'),
    undo: page.getByRole('button', { name: 'Undo' }),
  };
}

test('edit: paint a mask, undo, redo and clear it, and only the painted area changes', async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const touch = testInfo.project.name === 'phone';
  await recordSentMasks(page);
  const { photo, undo } = await editHeldOutPhoto(page, baseURL!);
  await shot(page, 'edit-photo');

  const redo = page.getByRole('button', { name: 'Redo' });
  await expect(undo).toBeDisabled();
  // Over the brows, clear of the head's outline beside them: fractions of the photo.
  const brows: Array<[number, number]> = [
    [0.41, 0.36],
    [0.5, 0.37],
    [0.59, 0.36],
  ];
  await stroke(page, brows, touch);
  await expect(undo).toBeEnabled();
  await expect(reason(page)).toHaveCount(0);
  await undo.click();
  await expect(reason(page)).toHaveText('Please paint a mask on the image');
  await expect(redo).toBeEnabled();
  await redo.click();
  await expect(reason(page)).toHaveCount(0);
  await page.getByRole('button', { name: 'Clear mask' }).click();
  await expect(reason(page)).toHaveText('Please paint a mask on the image');
  await undo.click();
  await expect(reason(page)).toHaveCount(0);

  if (touch) {
    // Two fingers zoom in and paint nothing; a new stroke then clears redo.
    await undo.click();
    await expect(redo).toBeEnabled();
    await pinchOut(page);
    await expect
      .poll(async () => Number(await page.getByTestId('mask-viewport').getAttribute('data-zoom')))
      .toBeGreaterThan(1.5);
    await expect(reason(page)).toHaveText('Please paint a mask on the image');
    await expect(redo).toBeEnabled();
    await page.getByRole('button', { name: 'Fit to view' }).click();
    await stroke(page, brows, touch);
    await expect(redo).toBeDisabled();
  }

  // A visit to another tab keeps the photo, the painted mask and its history.
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Models' }).click();
  await expect(page).toHaveURL(/\/models$/);
  await nav.getByRole('button', { name: 'Generate' }).click();
  // The mouse leaves the tab, and with it the tab's tooltip.
  await page.mouse.move(0, 0);
  await expect(page.getByTestId('mask-viewport')).toBeVisible();
  await expect(undo).toBeEnabled();
  await expect(reason(page)).toHaveCount(0);

  await shot(page, 'edit-painted');
  await expectScreenChecks(page, 'generate, edit mode');
  await action(page).click();
  await resultImageLoaded(page);
  await expect(result(page).getByTestId('result-settings')).toContainText('Image Editing');
  await shot(page, 'edit-result');

  // The mask: a PNG at the photo's size, white over the painted brows, black elsewhere.
  const [sentMask] = await page.evaluate(
    () => (window as unknown as { sentMasks: string[] }).sentMasks,
  );
  const mask = await sharp(Buffer.from(sentMask!, 'base64'))
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  expect([mask.info.width, mask.info.height]).toEqual([photo.width, photo.height]);
  const maskAt = (fx: number, fy: number) =>
    mask.data[Math.round(fy * photo.height) * photo.width + Math.round(fx * photo.width)];
  expect(maskAt(0.5, 0.37)).toBe(255);
  expect(maskAt(0.1, 0.9)).toBe(0);
  expect(new Set(mask.data)).toEqual(new Set([0, 255]));

  // Every pixel away from the mask (grown by the engine's own band, 1 % of the short side) is
  // the uploaded one, exactly; inside it, the photo changed.
  const file = await downloadResult(page);
  expect(file.name).toMatch(/^edit-[0-9a-f-]{36}\.png$/);
  const output = await sharp(file.path).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  expect([output.info.width, output.info.height]).toEqual([photo.width, photo.height]);
  const reach = 3 * Math.max(4, Math.round(0.01 * Math.min(photo.width, photo.height)));
  const near = new Uint8Array(photo.width * photo.height);
  for (let y = 0; y < photo.height; y += 1) {
    for (let x = 0; x < photo.width; x += 1) {
      if (mask.data[y * photo.width + x] !== 255) continue;
      for (let dy = -reach; dy <= reach; dy += 1) {
        const row = y + dy;
        if (row < 0 || row >= photo.height) continue;
        near.fill(
          1,
          row * photo.width + Math.max(0, x - reach),
          row * photo.width + Math.min(photo.width, x + reach + 1),
        );
      }
    }
  }
  let changedOutside = 0;
  let changedInside = 0;
  for (let at = 0; at < near.length; at += 1) {
    const same =
      output.data[at * 3] === photo.raw[at * 3] &&
      output.data[at * 3 + 1] === photo.raw[at * 3 + 1] &&
      output.data[at * 3 + 2] === photo.raw[at * 3 + 2];
    if (same) continue;
    if (near[at]) changedInside += 1;
    else changedOutside += 1;
  }
  expect(changedOutside).toBe(0);
  expect(changedInside).toBeGreaterThan(1000);
});

/**
 * The note under the editor says `text`, and Edit Image waits, pointing at it, rather than
 * submitting what the api refuses; undoing the last stroke clears both.
 */
async function expectPointedOut(
  page: Page,
  testInfo: TestInfo,
  text: string,
  screen: { name: string; description: string },
) {
  const advice = page.getByTestId('mask-advice');
  await expect(advice).toHaveText(text);
  await expect(action(page)).toBeDisabled();
  await expect(reason(page)).toHaveText(EDIT_MASK_TEXT.changeMask);
  await advice.scrollIntoViewIfNeeded();
  await shot(page, screen.name);
  await expectScreenChecks(page, screen.description);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(advice).toHaveCount(0);
  await expect(reason(page)).toHaveCount(0);
  await expect(action(page)).toBeEnabled();
}

test.describe('edit: masks the built-in engine cannot fill are pointed out before submit', () => {
  test('a mask too large to fill', async ({ page, baseURL }, testInfo) => {
    const touch = testInfo.project.name === 'phone';
    const { undo } = await editHeldOutPhoto(page, baseURL!);
    // A short stroke over the background beside the head, then everything but it.
    await stroke(
      page,
      [
        [0.08, 0.2],
        [0.18, 0.22],
      ],
      touch,
    );
    await expect(undo).toBeEnabled();
    await page.getByRole('button', { name: 'Invert mask' }).click();
    await expectPointedOut(page, testInfo, EDIT_MASK_TEXT.tooLarge, {
      name: 'edit-mask-too-large',
      description: 'generate, edit mode, a mask too large to fill',
    });
  });

  // Each outline the rule guards: a stroke beside it passes, one across it is pointed out.
  const outlines: {
    outline: string;
    beside: [number, number][];
    across: [number, number][];
    text: string;
    name: string;
  }[] = [
    {
      outline: 'the edge of the face',
      // Inside the face (the cheek, clear of the jaw line).
      beside: [
        [0.45, 0.5],
        [0.5, 0.52],
      ],
      // Down across the chin (the jaw line runs at about 0.67 of the photo's height there).
      across: [
        [0.53, 0.6],
        [0.54, 0.75],
      ],
      text: EDIT_MASK_TEXT.crossesFaceEdge,
      name: 'edit-mask-across-the-face',
    },
    {
      outline: 'the top of the head',
      // Across the forehead, under the hairline.
      beside: [
        [0.45, 0.335],
        [0.55, 0.335],
      ],
      // Down from the door into the hair (the top of the head lies at about 0.23 there).
      across: [
        [0.5, 0.17],
        [0.5, 0.28],
      ],
      text: EDIT_MASK_TEXT.crossesHeadOutline,
      name: 'edit-mask-across-the-head',
    },
  ];
  for (const { outline, beside, across, text, name } of outlines) {
    test(`a stroke across ${outline}`, async ({ page, baseURL }, testInfo) => {
      const touch = testInfo.project.name === 'phone';
      const { advice, undo } = await editHeldOutPhoto(page, baseURL!);
      await stroke(page, beside, touch);
      await expect(undo).toBeEnabled();
      await expect(action(page)).toBeEnabled();
      await expect(advice).toHaveCount(0);
      await stroke(page, across, touch);
      await expectPointedOut(page, testInfo, text, {
        name,
        description: `generate, edit mode, a mask across ${outline}`,
      });
    });
  }
});

test.describe('a job that does not finish', () => {
  const runningJob = {
    id: '00000000-0000-4000-8000-000000000001',
    kind: 'generate',
    status: 'running',
    output: [],
    error: null,
    progress: 0.1,
    etaSeconds: null,
    modelId: null,
    createdAt: new Date().toISOString(),
    startedAt: new Date().toISOString(),
    finishedAt: null,
  };

  test('polls, then says it is taking longer; Cancel goes back to the start', async ({
    page,
    baseURL,
  }) => {
    await page.clock.install();
    await page.route('**/api/generate/text-to-image', (route) =>
      route.fulfill({ status: 202, json: runningJob }),
    );
    let polls = 0;
    await page.route('**/api/generate/status/*', (route) => {
      polls += 1;
      return route.fulfill({ json: runningJob });
    });
    const cancels: string[] = [];
    await page.route('**/api/generate/cancel/*', (route) => {
      cancels.push(route.request().url());
      return route.fulfill({ json: { ...runningJob, status: 'canceled' } });
    });
    await openGenerate(page, baseURL!);
    await page.getByRole('textbox', { name: 'Prompt' }).fill('portrait of lisa on a beach');
    await action(page).click();
    await expect(page.getByTestId('generation-busy')).toBeVisible();
    await expect(action(page)).toHaveText('Generating...');
    await expect(action(page)).toBeDisabled();
    await shot(page, 'text-busy');
    await expectScreenChecks(page, 'generate, busy');
    await page.clock.fastForward(10_000);
    await expect.poll(() => polls).toBeGreaterThan(1);
    await page.clock.fastForward(GENERATION_POLL_DEADLINE_MS);
    await expect(page.getByText(TAKING_LONGER)).toBeVisible();
    await expect.poll(() => cancels.length).toBe(1);
    await shot(page, 'text-error');
    await expectScreenChecks(page, 'generate, error');

    // Cancel while busy: back to Ready to Generate, and the job is canceled at the api.
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByTestId('generation-busy')).toBeVisible();
    await page.getByTestId('generation-busy').getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('heading', { name: 'Ready to Generate' })).toBeVisible();
    await expect.poll(() => cancels.length).toBe(2);
  });

  test('a failed job shows its error, or Generation failed', async ({ page, baseURL }) => {
    let error: string | null = 'The engine stopped: out of memory';
    await page.route('**/api/generate/text-to-image', (route) =>
      route.fulfill({ json: { ...runningJob, status: 'failed', error } }),
    );
    await openGenerate(page, baseURL!);
    await page.getByRole('textbox', { name: 'Prompt' }).fill('portrait of lisa');
    await action(page).click();
    await expect(page.getByText('The engine stopped: out of memory')).toBeVisible();
    error = null;
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByText('Generation failed', { exact: true })).toBeVisible();
    await page.unroute('**/api/generate/text-to-image');
    await page.route('**/api/generate/text-to-image', (route) =>
      route.fulfill({ status: 503, json: { error: 'Service Unavailable', message: 'down' } }),
    );
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByText('Failed to generate image', { exact: true })).toBeVisible();
  });
});

test.describe('a made image that cannot be read', () => {
  // Without the service worker, route interception sees the image's read.
  test.use({ serviceWorkers: 'block' });

  test('says so in its place with a Retry, which shows it', async ({ page, baseURL }) => {
    const item = /\/api\/media\/[0-9a-f-]{36}$/;
    await page.route(item, (route) =>
      route.fulfill({ status: 500, json: { error: 'Internal Server Error', message: 'down' } }),
    );
    await openGenerate(page, baseURL!);
    await page.getByRole('textbox', { name: 'Prompt' }).fill('portrait of lisa, studio light');
    await action(page).click();
    const failed = result(page).getByRole('alert');
    await expect(failed).toContainText(APP_TEXT.headerImageFailed, { timeout: 60_000 });
    await shot(page, 'text-read-failed');
    await page.unroute(item);
    await failed.getByRole('button', { name: KIT_TEXT.retry }).click();
    await expect(result(page).locator('img')).toBeVisible();
    await expect(failed).toHaveCount(0);
  });
});

test('edit hides the ratio; the result comes into view; offline it needs a connection and keeps the prompt out of history', async ({
  page,
  context,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  await openGenerate(page, baseURL!);
  const ratio = page.getByRole('radio', { name: /1:1 Square/ });
  await expect(ratio).toBeVisible();
  // An edit keeps the photo's shape: no ratio to choose there.
  await chooseMode(page, 'Edit Image');
  await expect(ratio).toHaveCount(0);
  await chooseMode(page, 'Text to Image');
  await expect(ratio).toBeChecked();

  const prompt = `portrait of lisa in the rain ${testInfo.project.name}`;
  await page.getByRole('textbox', { name: 'Prompt' }).fill(prompt);
  await page.evaluate(() => window.scrollTo(0, 0));
  await action(page).click();
  await resultImageLoaded(page);
  // Wherever it lands (under the form on a phone), the result is brought into view.
  await expect(result(page).locator('img')).toBeInViewport({ ratio: 0.5 });
  await shot(page, 'result-in-view');
  await expect(page.getByTestId('recent-prompts').getByRole('button').first()).toHaveText(
    `${prompt.slice(0, 30)}...`,
  );

  // 'Prompt copied' shows clear of the header, the navigation and the primary action.
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const copy = result(page).getByRole('button', { name: 'Copy Prompt' });
  await holdToastClearOf(toastOf(page, 'Prompt copied'), () => copy.click(), {
    'the header': page.getByTestId('app-header'),
    'the bottom navigation': page.getByRole('navigation', { name: 'Main' }),
    'Generate Image': action(page),
    'Download PNG': result(page).getByRole('button', { name: 'Download PNG' }),
  });
  await saveScreenshot(page, 'toast');
  await expectNoSeriousA11yViolations(page, 'generate with a toast');
  await expect(toastOf(page, 'Prompt copied')).toBeVisible();

  await context.setOffline(true);
  const offlinePrompt = 'portrait of lisa with no connection at all';
  await page.getByRole('textbox', { name: 'Prompt' }).fill(offlinePrompt);
  await action(page).click();
  await expect(page.getByText('Generating needs a connection. You are offline.')).toBeVisible();
  await expect(page.getByTestId('recent-prompts')).not.toContainText(offlinePrompt.slice(0, 30));
  const stored = await page.evaluate(() => localStorage.getItem('promptHistory') ?? '');
  expect(stored).not.toContain(offlinePrompt);
  await context.setOffline(false);
});
