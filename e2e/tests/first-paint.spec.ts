import { expect, test, type Page } from './support/test';
import { GALLERY_STORAGE_KEY } from '@app/shared/data/media-cache';
import { GALLERY_TEXT, MODELS_TEXT } from '@app/shared/spec';
import { signInNewUser } from './support/session';

/** The prerendered page in index.html (shell/src/first-paint/first-paint-ids.ts). */
const PRERENDERED = '#prerendered-home';
const HEADING = 'Sign in to your account';

/** The sign-in card's parts whose place on screen must not move when the app takes over. */
const CARD_PARTS = [
  '[data-testid="login-card"]',
  '[role="tablist"]',
  'h2',
  'input[type="email"]',
  'input[type="password"]',
  'button[type="submit"]',
];

async function boxesOfCardParts(page: Page) {
  return page.evaluate((selectors) => {
    const card = document.querySelector('[data-testid="login-card"]');
    const boxOf = (selector: string) => {
      const element = selector.startsWith('[data-testid') ? card : card?.querySelector(selector);
      const box = element?.getBoundingClientRect();
      return box ? [box.x, box.y, box.width, box.height].map(Math.round) : null;
    };
    return selectors.map(boxOf);
  }, CARD_PARTS);
}

/**
 * Holds the shell's entry script until `release` is called, as a slow network would: the page
 * shows what it has before any script runs, and the test can act on it in that state.
 */
async function holdScripts(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/static\/main\.[0-9a-f]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test('the sign-in card is in the page as served, before any script runs', async ({ request }) => {
  const html = await (await request.get('/', { headers: { accept: 'text/html' } })).text();
  const prerendered = html.slice(html.indexOf(`<div id="prerendered-home"`));
  expect(prerendered).toContain(HEADING);
  expect(prerendered).toMatch(/<input[^>]*type="email"/);
  expect(prerendered).toMatch(/<input[^>]*type="password"/);
  // Nothing typed into it can reach an address bar or a server log.
  expect(prerendered).not.toMatch(/<input[^>]*\sname="/);
  // The runtime config is in the page: no round trip before the app can start.
  expect(html).toMatch(/<script id="runtime-config" type="application\/json">\{"apiBaseUrl"/);
});

test.describe('with scripts turned off', () => {
  test.use({ javaScriptEnabled: false });

  test('the first paint is the sign-in card', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: HEADING })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Email' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
    // Playwright's text queries skip <noscript>: its paragraph is looked up by class.
    await expect(page.locator('.noscript-notice')).toHaveText(
      'AI Image Studio needs JavaScript to run.',
    );
  });
});

test('the app takes the card over in place, keeping what was typed and the focus', async ({
  page,
}) => {
  const release = await holdScripts(page);
  // The held entry script (deferred) holds DOMContentLoaded too.
  await page.goto('/', { waitUntil: 'commit' });
  await expect(page.locator(PRERENDERED).getByRole('heading', { name: HEADING })).toBeVisible();
  const before = await boxesOfCardParts(page);
  const staticText = await page.locator(`${PRERENDERED} [data-testid="login-card"]`).innerText();

  // Typed before the app runs (a real keyboard; the card is not enabled for scripted fills yet).
  await page.locator(`${PRERENDERED} input[type="email"]`).focus();
  await page.keyboard.type('ada@example.com');
  await page.locator(`${PRERENDERED} input[type="password"]`).focus();
  await page.keyboard.type('secret');
  release();

  await expect(page.locator(PRERENDERED)).toHaveCount(0);
  const card = page.getByTestId('login-card');
  await expect(card.getByRole('textbox', { name: 'Email' })).toHaveValue('ada@example.com');
  await expect(card.getByLabel('Password')).toHaveValue('secret');
  await expect(card.getByLabel('Password')).toBeFocused();
  expect(await card.innerText()).toBe(staticText);
  expect(await boxesOfCardParts(page)).toEqual(before);
  // The app's own card is the one that works.
  await page.keyboard.type('!');
  await expect(card.getByLabel('Password')).toHaveValue('secret!');
});

test('before the app runs, the prerendered form does not submit', async ({ page }) => {
  const release = await holdScripts(page);
  // The held entry script (deferred) holds DOMContentLoaded too.
  await page.goto('/', { waitUntil: 'commit' });
  await page.locator(`${PRERENDERED} input[type="email"]`).focus();
  await page.keyboard.type('ada@example.com');
  await page.keyboard.press('Enter');
  release();
  await expect(page.locator(PRERENDERED)).toHaveCount(0);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue('ada@example.com');
});

test('a signed-in visitor never sees the sign-in card, not even before the app runs', async ({
  page,
  baseURL,
}) => {
  await signInNewUser(page, baseURL!);
  // Checked before every frame from the very start of the page.
  await page.addInitScript(() => {
    const seen = { card: false, frames: 0 };
    (window as unknown as { firstPaintProbe: typeof seen }).firstPaintProbe = seen;
    const check = () => {
      const card = document.querySelector('[data-testid="login-card"]');
      if (card?.checkVisibility()) seen.card = true;
      seen.frames += 1;
      requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
  await page.goto('/');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('remote-gallery')).toBeVisible();
  const probe = await page.evaluate(
    () =>
      (window as unknown as { firstPaintProbe: { card: boolean; frames: number } }).firstPaintProbe,
  );
  expect(probe.frames).toBeGreaterThan(1);
  expect(probe.card).toBe(false);
  await expect(page.locator(PRERENDERED)).toHaveCount(0);
});

test("a start loads Roboto's core files alone; an accented letter fetches the rest of its face", async ({
  page,
}) => {
  const fonts: string[] = [];
  page.on('request', (request) => {
    const name = new URL(request.url()).pathname.split('/').at(-1)!;
    if (name.endsWith('.woff2')) fonts.push(name.replace(/\.[0-9a-f]+\.woff2$/, ''));
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: HEADING })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(fonts.sort()).toEqual(['roboto-400-core', 'roboto-700-core']);

  // A name as a user may type it (build/roboto-subsets.ts: only the app's own characters are core).
  await page.evaluate(() => {
    const name = document.createElement('p');
    name.textContent = 'Zoë';
    name.style.fontFamily = 'Roboto';
    document.body.append(name);
  });
  await expect.poll(() => fonts).toContain('roboto-400-rest');
  // Requested is not yet loaded: the face counts once the browser has it.
  await expect.poll(() => page.evaluate(() => document.fonts.check('16px Roboto', 'ë'))).toBe(true);
});

test('a first visit starts without asking for /config.json', async ({ page }) => {
  const configRequests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/config.json') configRequests.push(request.url());
  });
  await page.goto('/');
  await expect(page.getByRole('textbox', { name: 'Email' })).toBeFocused();
  expect(configRequests).toEqual([]);
});

test("a returning user's start from the service worker's copy of the page loads the route's remote at once", async ({
  page,
  baseURL,
}) => {
  await signInNewUser(page, baseURL!);
  await page.goto('/dashboard');
  await expect(page.getByTestId('remote-gallery')).toBeVisible();
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true);

  // Every request of the next start, in the order the page makes them.
  const requests: string[] = [];
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  await page.reload();
  await expect(page.getByTestId('remote-gallery')).toBeVisible();
  // The worker's copy carries no inline config: the page used the one the app kept.
  expect(await page.locator('#runtime-config').textContent()).toBe('');
  const manifest = requests.indexOf('/remotes/gallery/mf-manifest.json');
  const shellChunk = requests.findIndex((path) => /^\/static\/\d+\.[0-9a-f]+\.js$/.test(path));
  expect(manifest).toBeGreaterThanOrEqual(0);
  expect(manifest).toBeLessThan(shellChunk);
  // Its entry and routes module are preloaded from the manifest, and fetched only once.
  const preloaded = await page
    .locator('link[rel="preload"][as="script"]')
    .evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));
  expect(preloaded).toContain('/remotes/gallery/remoteEntry.js');
  expect(preloaded.some((path) => /__federation_expose_routes/.test(path))).toBe(true);
  expect(requests.filter((path) => path === '/remotes/gallery/mf-manifest.json')).toHaveLength(1);
  // /config.json is only refreshed behind the start, after the shell's own chunks.
  expect(requests.indexOf('/config.json')).toBeGreaterThan(shellChunk);
});

/**
 * When each API read of this page left, and when the app's entry script had arrived: a read the
 * app sent itself cannot leave before its own code has.
 */
async function readsBeforeTheApp(page: Page, paths: string[]) {
  return page.evaluate((wanted) => {
    const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const entry = entries.find(({ name }) => /\/static\/main\.[0-9a-f]+\.js$/.test(name));
    return wanted.map((path) => {
      const read = entries.find(({ name }) => name.endsWith(path));
      return read !== undefined && entry !== undefined && read.startTime < entry.responseEnd;
    });
  }, paths);
}

test("a returning user's start asks for the profile and the models page's photos once, with the page", async ({
  page,
  baseURL,
}) => {
  await signInNewUser(page, baseURL!);
  await page.goto('/models');
  await expect(page.getByText(MODELS_TEXT.empty)).toBeVisible();

  // Sent by the page's inline script, then taken over by the start and the page's own reads.
  const reads: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() === 'GET' && url.pathname.startsWith('/api/')) {
      reads.push(url.pathname + url.search);
    }
  });
  await page.reload();
  await expect(page.getByText(MODELS_TEXT.empty)).toBeVisible();
  await page.waitForLoadState('networkidle');
  const photos = '/api/media/training-photos?includeUrls=true';
  expect(reads.filter((read) => read === '/api/user')).toHaveLength(1);
  expect(reads.filter((read) => read.startsWith('/api/media/training-photos'))).toEqual([photos]);
  expect(await readsBeforeTheApp(page, ['/api/user', photos])).toEqual([true, true]);
});

test("a returning user's gallery start reads its first page once, with the page, unless it kept it", async ({
  page,
  baseURL,
}) => {
  await signInNewUser(page, baseURL!);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: GALLERY_TEXT.emptyTitle })).toBeVisible();

  const reads: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() === 'GET' && url.pathname.startsWith('/api/')) {
      reads.push(url.pathname + url.search);
    }
  });
  const firstPage = '/api/media?type=generated&includeUrls=true&limit=10&sort=createdAt%3Adesc';
  // The page the gallery kept is fresh (spec §9): nobody reads it again.
  await page.reload();
  await expect(page.getByRole('heading', { name: GALLERY_TEXT.emptyTitle })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(reads).toEqual(['/api/user']);

  // Without it (a new device, a cleared cache), the page reads it as it arrives.
  reads.length = 0;
  await page.evaluate((key) => localStorage.removeItem(key), GALLERY_STORAGE_KEY);
  await page.reload();
  await expect(page.getByRole('heading', { name: GALLERY_TEXT.emptyTitle })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(reads.sort()).toEqual([firstPage, '/api/user'].sort());
  expect(await readsBeforeTheApp(page, ['/api/user', firstPage])).toEqual([true, true]);
});
