import { readFileSync } from 'node:fs';
import {
  GALLERY_TEXT,
  GENERATE_PROMPT_PARAM,
  GENERATE_TEXT,
  KIT_TEXT,
  NAV_TEXT,
  galleryCaption,
} from '@app/shared/spec';
import { expect, test, type Page, type Request, type TestInfo } from './support/test';
import {
  apiAs,
  generateImage,
  listGenerated,
  seededGallery,
  type SeededGallery,
} from './support/gallery-seed';
import { emitOnAppBus, mouseSwipe, touchSwipe } from './support/gestures';
import {
  animationsSettled,
  expectNoSeriousA11yViolations,
  expectScreenChecks,
} from './support/screen-checks';
import { idTokenFor, signInAs, signInNewUser } from './support/session';
import { saveScreenshot } from './support/screenshots';

/** Generation on a loaded 2-core machine is slow: the seed is made once per run and reused. */
const SEED_TIMEOUT_MS = 900_000;
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const tiles = (page: Page) => page.getByTestId('gallery-tile');
/** The gallery once its check of cached URLs has ended (data-stale-check: fresh or stale). */
const staleCheck = (page: Page) => page.locator('[data-stale-check]');
const viewer = (page: Page) => page.getByRole('dialog', { name: GALLERY_TEXT.imageViewer });
const loadMoreButton = (page: Page) => page.getByRole('button', { name: GALLERY_TEXT.loadMore });

async function openGallery(page: Page, origin: string, seed: SeededGallery) {
  await signInAs(page, origin, seed.user);
  await page.goto('/dashboard');
  await expect(tiles(page)).toHaveCount(Math.min(10, seed.images.length));
}

async function loadAll(page: Page, total: number) {
  while ((await tiles(page).count()) < total) {
    const before = await tiles(page).count();
    await loadMoreButton(page).click();
    await expect(tiles(page)).toHaveCount(Math.min(before + 10, total));
  }
  await expect(page.getByText(GALLERY_TEXT.allLoaded)).toBeVisible();
}

/** Every listed image has loaded (not retrying, not broken). */
async function expectThumbnailsLoaded(page: Page, count: number) {
  await expect(
    page.locator('[data-testid="gallery-tile"] [data-image-state="loaded"]'),
  ).toHaveCount(count, { timeout: 20_000 });
}

async function openTile(page: Page, index: number) {
  await tiles(page).nth(index).getByRole('button').click();
  await expect(viewer(page)).toBeVisible();
}

/**
 * The thumbnail file a tile of this project loads (the seed's images are square): a Pixel 5's
 * tiles (180 px at DPR 2.75) the 512, a laptop's (294 px at DPR 1) the 384.
 */
const tileThumbnail = (testInfo: TestInfo) =>
  testInfo.project.name === 'phone' ? 'thumbnail' : 'thumbnail-medium';

const stageCentre = async (page: Page) => {
  const box = (await page.getByTestId('photo-viewer-stage').boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
};

test.describe('a gallery of 25 generated images', () => {
  let seed: SeededGallery;
  test.beforeAll(async ({ baseURL }) => {
    test.setTimeout(SEED_TIMEOUT_MS);
    seed = await seededGallery(baseURL!, 'twenty-five', 25);
  });

  test('pages through all of them by cursor, newest first, captions cut at 30', async ({
    page,
    baseURL,
  }, testInfo) => {
    expect(seed.images).toHaveLength(25);
    await signInAs(page, baseURL!, seed.user);
    const firstRead = page.waitForRequest((request) => request.url().includes('/api/media?'));
    await page.goto('/dashboard');
    // Spec §7: the first page of 10, generated images with their URLs, newest first.
    expect(new URL((await firstRead).url()).search).toBe(
      '?type=generated&includeUrls=true&limit=10&sort=createdAt%3Adesc',
    );
    await expect(page.getByRole('heading', { name: 'Welcome back, Ada!' })).toBeVisible();
    await expect(tiles(page)).toHaveCount(10);
    await expectThumbnailsLoaded(page, 10);
    // Thumbnails in the grid; the full size is for the viewer. Each screen loads the one its
    // tiles need.
    const src = await tiles(page).first().locator('img').getAttribute('src');
    expect(src).toMatch(/\/thumbnail\?/);
    const shown = await tiles(page)
      .locator('img')
      .evaluateAll((images) => images.map((image) => (image as HTMLImageElement).currentSrc));
    for (const url of shown) expect(url).toMatch(new RegExp(`/${tileThumbnail(testInfo)}\\?`));
    await saveScreenshot(page, 'grid');

    const byCursor = page.waitForRequest((request) => request.url().includes('cursor='));
    await loadMoreButton(page).click();
    expect(new URL((await byCursor).url()).searchParams.get('type')).toBe('generated');
    await expect(tiles(page)).toHaveCount(20);
    await loadMoreButton(page).click();
    await expect(tiles(page)).toHaveCount(25);
    await expect(page.getByText(GALLERY_TEXT.allLoaded)).toBeVisible();
    await expect(loadMoreButton(page)).toHaveCount(0);

    const captions = await tiles(page).locator('p').allTextContents();
    expect(captions).toEqual(seed.images.map((image) => galleryCaption(image.prompt)));
    const long = seed.images[0]!.prompt;
    expect(long.length).toBeGreaterThan(30);
    expect(captions[0]).toBe(`${long.slice(0, 30)}...`);
    const short = seed.images.find((image) => image.prompt.length <= 30)!;
    expect(captions).toContain(short.prompt);
    await expect(tiles(page).first().getByRole('button')).toHaveAccessibleName(
      `${GALLERY_TEXT.openImage}: ${long}`,
    );
    await expectScreenChecks(page, 'gallery');
  });

  test('2 columns on a phone, 3 on a small screen, 4 from medium up; no sideways scroll', async ({
    page,
    baseURL,
  }) => {
    await openGallery(page, baseURL!, seed);
    const firstRow = async () => {
      const tops = await tiles(page).evaluateAll((elements) =>
        elements.map((element) => Math.round(element.getBoundingClientRect().top)),
      );
      return tops.filter((top) => top === tops[0]).length;
    };
    for (const [width, columns] of [
      [393, 2],
      [600, 2],
      [800, 3],
      [1280, 4],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await expect.poll(firstRow, { message: `${width} px` }).toBe(columns);
      const boxes = await tiles(page).evaluateAll((elements) =>
        elements
          .slice(0, 2)
          .map((element) => element.querySelector('img')!.getBoundingClientRect()),
      );
      // Square tiles, laid out before any image arrives.
      expect(Math.abs(boxes[0]!.width - boxes[0]!.height)).toBeLessThanOrEqual(1);
    }
    await page.setViewportSize({ width: 320, height: 640 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      320,
    );
  });

  test('viewer: full size, keys and swipes that wrap around, Escape', async ({
    page,
    baseURL,
  }, testInfo) => {
    const phone = testInfo.project.name === 'phone';
    await openGallery(page, baseURL!, seed);
    await loadAll(page, 25);
    await openTile(page, 0);
    const dialog = viewer(page);
    await expect(dialog.getByText('1 / 25')).toBeVisible();
    await expect(dialog.locator('img')).toHaveAttribute('src', /\/web\?/);
    await expect(dialog.getByText(seed.images[0]!.prompt)).toBeVisible();
    await expect(dialog.locator('[data-image-state="loaded"]')).toBeVisible();
    await animationsSettled(page); // the viewer's opening fade
    await saveScreenshot(page, 'viewer');
    await expectNoSeriousA11yViolations(page, 'viewer');

    await page.keyboard.press('ArrowRight');
    await expect(dialog.getByText('2 / 25')).toBeVisible();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(dialog.getByText('25 / 25')).toBeVisible();
    await expect(dialog.getByText(seed.images[24]!.prompt)).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(dialog.getByText('1 / 25')).toBeVisible();
    await dialog.getByRole('button', { name: KIT_TEXT.previous }).click();
    await expect(dialog.getByText('25 / 25')).toBeVisible();
    await dialog.getByRole('button', { name: KIT_TEXT.next }).click();
    await expect(dialog.getByText('1 / 25')).toBeVisible();

    const swipe = phone ? touchSwipe : mouseSwipe;
    await swipe(page, await stageCentre(page), -120);
    await expect(dialog.getByText('2 / 25')).toBeVisible();
    await swipe(page, await stageCentre(page), 120);
    await expect(dialog.getByText('1 / 25')).toBeVisible();
    await swipe(page, await stageCentre(page), 120);
    await expect(dialog.getByText('25 / 25')).toBeVisible();
    // 40 px is under the 50 px threshold: the next swipe goes back from 25, not from 1 (the
    // viewer takes the swipes in order).
    await swipe(page, await stageCentre(page), -40);
    await swipe(page, await stageCentre(page), 120);
    await expect(dialog.getByText('24 / 25')).toBeVisible();

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(tiles(page).first().getByRole('button')).toBeFocused();
  });

  test('viewer before every page is loaded: the next page comes on the way', async ({
    page,
    baseURL,
  }) => {
    await openGallery(page, baseURL!, seed);
    await openTile(page, 5);
    const dialog = viewer(page);
    await expect(dialog.getByText('6 / 10+')).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    // Near the end of the loaded ten, the next ten are read.
    await expect(dialog.getByText('8 / 20+')).toBeVisible();
    await expect(tiles(page)).toHaveCount(20);
    for (let shown = 9; shown <= 11; shown += 1) {
      await page.keyboard.press('ArrowRight');
      await expect(dialog.getByText(new RegExp(`^${shown} / `))).toBeVisible();
    }
    await expect(dialog.getByText(seed.images[10]!.prompt)).toBeVisible();
  });

  test('download is {imageId}.png and a real PNG; copy prompt; use this prompt', async ({
    page,
    context,
    baseURL,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await openGallery(page, baseURL!, seed);
    await openTile(page, 1);
    const dialog = viewer(page);
    const image = seed.images[1]!;

    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: GALLERY_TEXT.download, exact: true }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`${image.imageId}.png`);
    const bytes = readFileSync((await download.path())!);
    expect([...bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    expect(bytes.length).toBeGreaterThan(1000);

    await dialog.getByRole('button', { name: 'Copy Prompt' }).click();
    await expect(dialog.getByRole('button', { name: GALLERY_TEXT.promptCopied })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(image.prompt);

    const opened = page.waitForURL(
      (url) =>
        url.pathname === '/generate' &&
        url.searchParams.get(GENERATE_PROMPT_PARAM) === image.prompt,
    );
    await dialog.getByRole('button', { name: GALLERY_TEXT.usePrompt }).click();
    await opened;
    await expect(dialog).toHaveCount(0);
    // The generate page fills its prompt box, and the parameter leaves the address.
    await expect(page.getByRole('textbox', { name: GENERATE_TEXT.promptLabel })).toHaveValue(
      image.prompt,
    );
    await expect(page).toHaveURL(`${baseURL}/generate`);
  });

  test('Share hands the PNG file to the phone’s share sheet', async ({ page, baseURL }) => {
    // There is no share sheet here: the Web Share API is recorded instead, as a phone would get it.
    await page.addInitScript(() => {
      const shared: unknown[] = [];
      Object.assign(window, { shared });
      Object.assign(navigator, {
        canShare: (data: ShareData) => (data.files?.length ?? 0) > 0,
        share: async (data: ShareData) => {
          const file = data.files![0]!;
          const head = [...new Uint8Array(await file.slice(0, 8).arrayBuffer())];
          shared.push({ name: file.name, type: file.type, head, text: data.text });
        },
      });
    });
    await openGallery(page, baseURL!, seed);
    await openTile(page, 0);
    await viewer(page).getByRole('button', { name: GALLERY_TEXT.share }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { shared: unknown[] }).shared))
      .toEqual([
        {
          name: `${seed.images[0]!.imageId}.png`,
          type: 'image/png',
          head: PNG_SIGNATURE,
          text: seed.images[0]!.prompt,
        },
      ]);
  });

  test('refresh reads again from the API and says so for 3 s', async ({ page, baseURL }) => {
    await openGallery(page, baseURL!, seed);
    const forced = page.waitForRequest((request) => request.url().includes('/api/media?'));
    await page.getByRole('button', { name: GALLERY_TEXT.refresh }).click();
    await forced;
    const toast = page.getByTestId('toast').filter({ hasText: GALLERY_TEXT.refreshed });
    await expect(toast).toBeVisible();
    await expect(toast).toBeHidden({ timeout: 6000 });
    await expect(tiles(page)).toHaveCount(10);
  });

  test('offline after one online visit: the cached page with its thumbnails', async ({
    page,
    context,
    baseURL,
  }, testInfo) => {
    await openGallery(page, baseURL!, seed);
    await expectThumbnailsLoaded(page, 10);
    await page.evaluate(() => navigator.serviceWorker.ready);
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
      .toBe(true);
    // The first visit's thumbnails reach the worker's cache once it controls the page.
    await expect
      .poll(() =>
        page.evaluate(async () => (await (await caches.open('gallery-thumbnails')).keys()).length),
      )
      .toBeGreaterThanOrEqual(10);
    // The sizes the tiles chose: on the laptop the 384s, so offline the viewer's stand-in (the
    // 512) is served by the kept 384 of the same image.
    const kept = await page.evaluate(async () =>
      (await (await caches.open('gallery-thumbnails')).keys()).map((request) =>
        new URL(request.url).pathname.split('/').at(-1),
      ),
    );
    expect(new Set(kept)).toEqual(new Set([tileThumbnail(testInfo)]));

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByText(GALLERY_TEXT.showingSaved)).toBeVisible();
    await expect(tiles(page)).toHaveCount(10);
    await expectThumbnailsLoaded(page, 10);
    await expect(tiles(page).first().locator('p')).toHaveText(
      galleryCaption(seed.images[0]!.prompt),
    );
    await saveScreenshot(page, 'offline');

    // What needs the network says so.
    await page.getByRole('button', { name: GALLERY_TEXT.refresh }).click();
    await expect(page.getByText(GALLERY_TEXT.loadImagesCheckConnection)).toBeVisible();
    await expect(page.getByText(KIT_TEXT.offline)).toBeVisible();
    await openTile(page, 0);
    // The full size is not kept offline; the thumbnail stands in for it.
    await expect(viewer(page).locator('[data-image-state="loaded"] img')).toHaveAttribute(
      'src',
      /\/thumbnail\?/,
      { timeout: 20_000 },
    );
    await viewer(page).getByRole('button', { name: GALLERY_TEXT.download, exact: true }).click();
    await expect(viewer(page).getByRole('alert')).toContainText(GALLERY_TEXT.downloadFailed);
    await expect(viewer(page).getByRole('alert')).toContainText(KIT_TEXT.offline);
    await context.setOffline(false);
  });

  test('offline on a network the browser calls online: the saved pages, and it says so', async ({
    page,
    context,
    baseURL,
  }) => {
    // navigator.onLine stays true, as on a phone whose network has no internet: the failed
    // requests are what say the device is offline.
    await context.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, 'onLine', { get: () => true }),
    );
    await openGallery(page, baseURL!, seed);
    await expectThumbnailsLoaded(page, 10);
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
      .toBe(true);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByText(GALLERY_TEXT.showingSaved)).toBeVisible();
    await expect(tiles(page)).toHaveCount(10);
    await expect(page.getByText(GALLERY_TEXT.loadImagesCheckConnection)).toHaveCount(0);
    await page.getByRole('button', { name: GALLERY_TEXT.refresh }).click();
    await expect(page.getByText(GALLERY_TEXT.loadImagesCheckConnection)).toBeVisible();
    await expect(page.getByText(KIT_TEXT.offline)).toBeVisible();

    // Back online: the next answer clears the note.
    await context.setOffline(false);
    await page.getByRole('button', { name: KIT_TEXT.retry }).click();
    await expect(page.getByText(GALLERY_TEXT.showingSaved)).toHaveCount(0);
  });

  test('the viewer keeps the keyboard after Download and Copy Prompt; ← wraps within the loaded', async ({
    page,
    context,
    baseURL,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await openGallery(page, baseURL!, seed);
    const dialog = viewer(page);
    const download = dialog.getByRole('button', { name: GALLERY_TEXT.download, exact: true });

    await openTile(page, 1);
    await expect(dialog.getByText('2 / 10+')).toBeVisible();
    const downloading = page.waitForEvent('download');
    await download.click();
    await downloading;
    await expect(download).toBeEnabled();
    await expect(download).toBeFocused();
    await saveScreenshot(page, 'viewer-after-download');
    await page.keyboard.press('ArrowRight');
    await expect(dialog.getByText('3 / 10+')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await openTile(page, 1);
    await dialog.getByRole('button', { name: GENERATE_TEXT.copyPrompt }).click();
    await expect(dialog.getByRole('button', { name: GALLERY_TEXT.promptCopied })).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(dialog.getByText('3 / 10+')).toBeVisible();
    await page.keyboard.press('ArrowLeft');
    await expect(dialog.getByText('2 / 10+')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // Before every page is loaded, ← on the first goes to the last one loaded (docs/gallery.md).
    await openTile(page, 0);
    await expect(dialog.getByText('1 / 10+')).toBeVisible();
    await page.keyboard.press('ArrowLeft');
    await expect(dialog.getByText(/^10 \/ /)).toBeVisible();
    await expect(dialog.getByText(seed.images[9]!.prompt)).toBeVisible();
  });

  test.describe('without a service worker, so route interception sees every request', () => {
    test.use({ serviceWorkers: 'block' });

    test('stale check: HEAD of the first 2 images; both failing forces a refresh', async ({
      page,
      baseURL,
    }) => {
      const firstStartHeads: string[] = [];
      const countHead = (request: Request) => {
        if (request.method() === 'HEAD') firstStartHeads.push(request.url());
      };
      page.on('request', countHead);
      await openGallery(page, baseURL!, seed);
      await expectThumbnailsLoaded(page, 10);
      // The first start's pages were read by this start (the shell's early read): not checked.
      expect(firstStartHeads).toEqual([]);
      page.off('request', countHead);
      const heads: string[] = [];
      let failHeads = false;
      await page.route(/\/api\/files\/.*\/thumbnail\?/, async (route) => {
        if (route.request().method() !== 'HEAD') return route.continue();
        heads.push(new URL(route.request().url()).pathname.split('/').at(-2)!);
        // Failure case: the cached URLs no longer work.
        if (failHeads) return route.fulfill({ status: 404, body: '' });
        return route.continue();
      });
      const reads: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/media?')) reads.push(request.url());
      });

      // Cached pages that still work: two checks, no read.
      await page.reload();
      await expect(tiles(page)).toHaveCount(10);
      await expect.poll(() => heads.length).toBe(2);
      expect(heads).toEqual([seed.images[0]!.imageId, seed.images[1]!.imageId]);
      await expect(staleCheck(page)).toHaveAttribute('data-stale-check', 'fresh');
      expect(reads).toEqual([]);

      // Cached pages that do not: the gallery reads them again.
      heads.length = 0;
      failHeads = true;
      await page.reload();
      await expect.poll(() => heads.length).toBe(2);
      await expect(staleCheck(page)).toHaveAttribute('data-stale-check', 'stale');
      await expect.poll(() => reads.length).toBeGreaterThanOrEqual(1);
      await expect(tiles(page)).toHaveCount(10);
      await expectThumbnailsLoaded(page, 10);
    });

    test('retry chain: an image that fails twice loads on its refresh with fresh URLs', async ({
      page,
      baseURL,
    }, testInfo) => {
      const target = seed.images[0]!.imageId;
      const tried: string[] = [];
      await page.route(new RegExp(`/api/files/.*/media/${target}/`), async (route) => {
        if (route.request().method() !== 'GET') return route.continue();
        const url = new URL(route.request().url());
        const file = `${url.pathname.split('/').at(-1)}${url.search}`;
        // The first render is a transition: an <img> of render work that React discards can ask
        // for the same URL once more before the one it commits. Each URL counts once.
        if (tried.at(-1) !== file) tried.push(file);
        // Failure case: the thumbnail and the full-size image as listed fail; only a refresh
        // (fresh URLs) loads.
        if (!url.searchParams.has('refresh')) return route.fulfill({ status: 404, body: '' });
        return route.continue();
      });
      const freshUrls: string[] = [];
      page.on('request', (request) => {
        if (request.url().endsWith(`/api/media/${target}`)) freshUrls.push(request.url());
      });

      await openGallery(page, baseURL!, seed);
      const frame = tiles(page).first().locator('[data-image-state]');
      await expect(frame).toHaveAttribute('data-image-state', 'loaded', { timeout: 15_000 });
      // The thumbnail the tile chose by its size, then the full-size web image, then the
      // thumbnail again, freshly signed and marked as a refresh.
      expect(tried.map((entry) => entry.split('?')[0])).toEqual([
        tileThumbnail(testInfo),
        'web',
        'thumbnail',
      ]);
      expect(tried[2]).toContain('refresh=');
      expect(freshUrls).toHaveLength(1);
      await expectThumbnailsLoaded(page, 10);
    });

    test('a failed Load More stays with its filter: another filter is not marked by it', async ({
      page,
      baseURL,
    }) => {
      await openGallery(page, baseURL!, seed);
      // The next page fails (a server error) while the first ones came.
      await page.route(/\/api\/media\?.*cursor=/, (route) =>
        route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
      );
      await loadMoreButton(page).click();
      const failed = page.getByText(GALLERY_TEXT.loadMoreFailed);
      await expect(failed).toBeVisible();
      await page.getByRole('radio', { name: GALLERY_TEXT.filterAll }).check();
      await expect(tiles(page)).toHaveCount(10);
      await expect(failed).toHaveCount(0);
      await expect(loadMoreButton(page)).toBeEnabled();
    });
  });
});

test.describe('a gallery that changes', () => {
  let seed: SeededGallery;
  test.beforeAll(async ({ baseURL }, testInfo) => {
    test.setTimeout(SEED_TIMEOUT_MS);
    seed = await seededGallery(baseURL!, `changing-${testInfo.project.name}`, 3);
  });

  test('delete asks with the spec’s words, then the image is gone everywhere', async ({
    page,
    baseURL,
  }) => {
    const api = apiAs(baseURL!, await idTokenFor(baseURL!, seed.user));
    const before = await listGenerated(api);
    await signInAs(page, baseURL!, seed.user);
    await page.goto('/dashboard');
    await expect(tiles(page)).toHaveCount(before.length);
    const doomed = before[0]!;
    await openTile(page, 0);
    await viewer(page).getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: GALLERY_TEXT.deleteTitle });
    await expect(confirm).toBeVisible();
    await expect(confirm).toContainText(
      'Are you sure you want to delete this generated image? This action cannot be undone.',
    );
    await animationsSettled(page); // the sheet's rise
    await saveScreenshot(page, 'confirm');
    await expectScreenChecks(page, 'delete confirmation');

    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(viewer(page)).toBeVisible();
    expect(await listGenerated(api)).toHaveLength(before.length);

    await viewer(page).getByRole('button', { name: 'Delete' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(confirm).toBeHidden();
    // The viewer moves on to the image that took its place.
    await expect(viewer(page).getByText(`1 / ${before.length - 1}`)).toBeVisible();
    await expect(tiles(page)).toHaveCount(before.length - 1);
    const after = await listGenerated(api);
    expect(after.map((item) => item.imageId)).not.toContain(doomed.imageId);
    await page.keyboard.press('Escape');

    // Still gone after a reload, from the browser's cache as from the API.
    await page.reload();
    await expect(tiles(page)).toHaveCount(before.length - 1);
  });

  test('a new image appears without a refresh (bus gallery:invalidate), shown or not', async ({
    page,
    baseURL,
  }) => {
    const api = apiAs(baseURL!, await idTokenFor(baseURL!, seed.user));
    const before = await listGenerated(api);
    await signInAs(page, baseURL!, seed.user);
    await page.goto('/dashboard');
    await expect(tiles(page)).toHaveCount(before.length);

    // As the generate remote does after a generation.
    const prompt = `New portrait ${Date.now()}`;
    await generateImage(api, seed.modelId, prompt);
    await emitOnAppBus(page, 'gallery:invalidate', { reason: 'generated' });
    await expect(tiles(page).first().locator('p')).toHaveText(galleryCaption(prompt));
    await expect(tiles(page)).toHaveCount(before.length + 1);

    // The gallery is not on screen when it happens: it shows the image when it comes back.
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'Models' }).click();
    await expect(page.getByTestId('remote-models')).toBeVisible();
    const later = `Later portrait ${Date.now()}`;
    await generateImage(api, seed.modelId, later);
    await emitOnAppBus(page, 'gallery:invalidate', { reason: 'generated' });
    await nav.getByRole('button', { name: 'Home' }).click();
    await expect(tiles(page).first().locator('p')).toHaveText(galleryCaption(later));
    await expect(tiles(page)).toHaveCount(before.length + 2);
  });

  test('logout empties every gallery cache', async ({ page, baseURL }) => {
    await signInAs(page, baseURL!, seed.user);
    await page.goto('/dashboard');
    await expect(tiles(page).first()).toBeVisible();
    expect(
      await page.evaluate(() => localStorage.getItem('ai-image-studio:gallery-pages')),
    ).not.toBeNull();
    await expect.poll(() => page.evaluate(() => caches.has('gallery-thumbnails'))).toBe(true);
    await emitOnAppBus(page, 'auth:logout-requested', { source: 'test' });
    await expect(page.getByTestId('home-page')).toBeVisible();
    expect(
      await page.evaluate(() => localStorage.getItem('ai-image-studio:gallery-pages')),
    ).toBeNull();
    await expect.poll(() => page.evaluate(() => caches.has('gallery-thumbnails'))).toBe(false);
  });
});

test('a new user: the empty state, with the way to the generate page', async ({
  page,
  baseURL,
}) => {
  await signInNewUser(page, baseURL!);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: GALLERY_TEXT.emptyTitle })).toBeVisible();
  await expect(page.getByText(GALLERY_TEXT.emptyHint)).toBeVisible();
  await expect(page.getByText(GALLERY_TEXT.allLoaded)).toHaveCount(0);
  await saveScreenshot(page, 'empty');
  await expectScreenChecks(page, 'empty gallery');
  await page.getByRole('main').getByRole('button', { name: NAV_TEXT.generate }).last().click();
  await expect(page).toHaveURL(/\/(generate|training)/);
});

test('while the first page is on its way: a skeleton of the grid', async ({ page, baseURL }) => {
  await signInNewUser(page, baseURL!);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  // A slow network, for the loading state only.
  await page.route(/\/api\/media\?/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/dashboard');
  const skeleton = page.getByRole('status', { name: KIT_TEXT.loading });
  await expect(skeleton).toBeVisible();
  await saveScreenshot(page, 'loading');
  release();
  await expect(skeleton).toBeHidden();
  await expect(page.getByRole('heading', { name: GALLERY_TEXT.emptyTitle })).toBeVisible();
});
