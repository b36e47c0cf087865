import { appendFileSync, cpSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { INSTALL_BANNER } from '@app/shared/spec';
import { expect, test, type Page } from './support/test';
import { startProduct } from './support/api-server';
import { expectAppStarted } from './support/first-paint';
import { expectScreenChecks } from './support/screen-checks';
import { E2E_WORK_DIR, ownProductPort, REPO_ROOT } from './support/paths';
import { signInNewUser } from './support/session';
import { serveDirectory } from './support/static-server';
import { buildVariant } from './support/variant-build';

const REMOTE_DIRS = ['mfe-gallery', 'mfe-generate', 'mfe-models', 'mfe-profile'];

/** Waits until the service worker controls the page (it claims clients on activation). */
async function waitForServiceWorkerControl(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true);
}

test('the web app manifest and its icons are served', async ({ request }) => {
  const response = await request.get('/manifest.webmanifest');
  expect(response.ok()).toBe(true);
  const manifest = (await response.json()) as {
    display: string;
    start_url: string;
    icons: { src: string; sizes: string; purpose: string }[];
  };
  expect(manifest).toMatchObject({ display: 'standalone', start_url: '/' });
  expect(manifest.icons.map((icon) => icon.purpose)).toEqual(
    expect.arrayContaining(['any', 'maskable']),
  );
  for (const icon of manifest.icons) {
    const image = await request.get(icon.src);
    expect(image.headers()['content-type'], icon.src).toBe('image/png');
  }
});

test('after a first visit, signed out, the app starts offline on the sign-in card', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await expect(page.getByTestId('home-page')).toBeVisible();
  await waitForServiceWorkerControl(page);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
  await expectAppStarted(page);
  await expect(page.locator('#boot-error')).toHaveCount(0);
  await context.setOffline(false);
});

test('after a first visit, signed in, the app starts offline with the greeting and every remote', async ({
  page,
  context,
  baseURL,
}) => {
  await signInNewUser(page, baseURL!);
  await page.goto('/dashboard');
  const greeting = page.getByRole('heading', { name: 'Welcome back, Ada!' });
  await expect(greeting).toBeVisible();
  // No second visit: what the first one loaded came from the network, before the worker ran.
  await waitForServiceWorkerControl(page);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('app-header')).toBeVisible();
  await expect(page.getByTestId('remote-gallery')).toBeVisible();
  await expect(greeting).toBeVisible();
  // Remotes never opened were kept at install too.
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Models' }).click();
  await expect(page.getByTestId('remote-models')).toBeVisible();
  await nav.getByRole('button', { name: 'Profile' }).click();
  await expect(page.getByTestId('remote-profile')).toBeVisible();
  // Offline is not signed out (spec §4).
  await expect(page.getByTestId('login-card')).toHaveCount(0);
  await context.setOffline(false);
});

/**
 * Watches what the service worker of `origin` does from now on: the URLs it puts in a cache, and
 * whether it still has work in hand (an event it was asked to wait for, such as a revalidation).
 */
async function watchWorker(page: Page, origin: string) {
  const worker = page
    .context()
    .serviceWorkers()
    .find((candidate) => candidate.url().startsWith(origin));
  if (!worker) throw new Error(`No service worker runs for ${origin}`);
  interface Watch {
    puts: string[];
    inHand: number;
  }
  await worker.evaluate(() => {
    const scope = globalThis as unknown as {
      watch: Watch;
      ExtendableEvent: { prototype: { waitUntil(promise: Promise<unknown>): void } };
    };
    const watch: Watch = { puts: [], inHand: 0 };
    scope.watch = watch;
    const put = Cache.prototype.put;
    Cache.prototype.put = function (request, response) {
      watch.puts.push(request instanceof Request ? request.url : String(request));
      return put.call(this, request, response);
    };
    const waitUntil = scope.ExtendableEvent.prototype.waitUntil;
    scope.ExtendableEvent.prototype.waitUntil = function (promise) {
      watch.inHand += 1;
      const done = () => (watch.inHand -= 1);
      void Promise.resolve(promise).then(done, done);
      return waitUntil.call(this, promise);
    };
  });
  const watched = () => worker.evaluate(() => (globalThis as unknown as { watch: Watch }).watch);
  return {
    puts: async () => (await watched()).puts,
    idle: () => expect.poll(async () => (await watched()).inHand).toBe(0),
  };
}

/**
 * The worker serves a remote's entry from its copy and checks the file behind it. The copy must
 * stay as it was while the file is unchanged (Chromium keeps the compiled code with it) and give
 * way to a redeployed file.
 */
async function expectEntryKeptUntilChanged(
  page: Page,
  origin: string,
  entryUrl: string,
  entryFile: string,
) {
  const keptEntry = () =>
    page.evaluate(async (url) => {
      const kept = await caches.match(url);
      return kept
        ? { type: kept.type, date: kept.headers.get('date'), text: await kept.text() }
        : null;
    }, entryUrl);
  const startAgain = async () => {
    const checked = page
      .context()
      .waitForEvent(
        'requestfinished',
        (request) => request.url() === entryUrl && request.serviceWorker() !== null,
      );
    await page.reload();
    await expect(page.getByTestId('remote-gallery')).toBeVisible();
    await checked;
  };

  await signInNewUser(page, origin);
  await page.goto(`${origin}/dashboard`);
  await expect(page.getByTestId('remote-gallery')).toBeVisible();
  await waitForServiceWorkerControl(page);
  await expect.poll(keptEntry).not.toBeNull();
  const installed = (await keptEntry())!;

  // Two starts check the file behind the copy; once the worker is done with them, it has put
  // nothing back.
  const worker = await watchWorker(page, origin);
  await startAgain();
  await startAgain();
  await worker.idle();
  expect(await worker.puts()).not.toContain(entryUrl);
  expect(await keptEntry()).toEqual(installed);

  // A redeployed entry still arrives: the start after the check runs the new file.
  appendFileSync(entryFile, '\n// redeployed\n');
  for (const compressed of [`${entryFile}.br`, `${entryFile}.gz`])
    rmSync(compressed, { force: true });
  await startAgain();
  await expect.poll(async () => (await keptEntry())?.text.endsWith('// redeployed\n')).toBe(true);
  expect((await keptEntry())?.type).not.toBe('opaque');
  // The watch above sees the worker's puts: this one it saw.
  expect(await worker.puts()).toContain(entryUrl);
}

test('a remote’s kept entry is replaced only by a changed file, so its compiled code stays', async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'the worker is the same on both projects');
  test.setTimeout(120_000);
  // A deployment of our own whose gallery remote this test can redeploy.
  const webRoot = join(E2E_WORK_DIR, `entry-web-root-${testInfo.parallelIndex}`);
  rmSync(webRoot, { recursive: true, force: true });
  for (const app of ['shell', ...REMOTE_DIRS]) {
    mkdirSync(join(webRoot, app), { recursive: true });
    if (app === 'mfe-gallery') {
      cpSync(join(REPO_ROOT, app, 'dist'), join(webRoot, app, 'dist'), { recursive: true });
    } else {
      symlinkSync(join(REPO_ROOT, app, 'dist'), join(webRoot, app, 'dist'), 'dir');
    }
  }
  const product = await startProduct(ownProductPort(testInfo.parallelIndex, 0), {
    WEB_ROOT: webRoot,
  });
  try {
    await expectEntryKeptUntilChanged(
      page,
      product.origin,
      `${product.origin}/remotes/gallery/remoteEntry.js`,
      join(webRoot, 'mfe-gallery', 'dist', 'remoteEntry.js'),
    );
  } finally {
    await page.goto('about:blank');
    await product.stop();
  }
});

test('a remote on another origin is kept readable too, not as opaque copies', async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'the worker is the same on both projects');
  test.setTimeout(120_000);
  const cdnRoot = join(E2E_WORK_DIR, `cdn-gallery-${testInfo.parallelIndex}`);
  rmSync(cdnRoot, { recursive: true, force: true });
  cpSync(join(REPO_ROOT, 'mfe-gallery', 'dist'), cdnRoot, { recursive: true });
  const cdn = await serveDirectory(cdnRoot);
  const product = await startProduct(ownProductPort(testInfo.parallelIndex, 0), {
    REMOTE_GALLERY_URL: `${cdn.origin}/mf-manifest.json`,
  });
  try {
    await expectEntryKeptUntilChanged(
      page,
      product.origin,
      `${cdn.origin}/remoteEntry.js`,
      join(cdnRoot, 'remoteEntry.js'),
    );
    // The remote's own scripts, too, when the worker fetches them for a page (here after its
    // copies are gone): what it keeps is readable.
    const keptChunkTypes = () =>
      page.evaluate(async (cdnOrigin) => {
        const cache = await caches.open('remote-chunks');
        const types: string[] = [];
        for (const request of await cache.keys()) {
          if (request.url.startsWith(cdnOrigin)) types.push((await cache.match(request))!.type);
        }
        return types;
      }, cdn.origin);
    expect((await keptChunkTypes()).length).toBeGreaterThan(0);
    await page.evaluate(async (cdnOrigin) => {
      const cache = await caches.open('remote-chunks');
      for (const request of await cache.keys()) {
        if (request.url.startsWith(cdnOrigin)) await cache.delete(request);
      }
    }, cdn.origin);
    await page.reload();
    await expect(page.getByTestId('remote-gallery')).toBeVisible();
    await expect.poll(async () => (await keptChunkTypes()).length).toBeGreaterThan(0);
    expect(await keptChunkTypes()).not.toContain('opaque');
  } finally {
    await page.goto('about:blank');
    await product.stop();
    await cdn.close();
  }
});

test('the install banner appears after the install prompt and stays dismissed', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const offerInstall = () =>
    page.evaluate(() => {
      const event = new Event('beforeinstallprompt', { cancelable: true });
      Object.assign(event, {
        prompt: () => Promise.resolve(),
        userChoice: Promise.resolve({ outcome: 'dismissed' }),
      });
      window.dispatchEvent(event);
    });
  const banner = page.getByRole('region', { name: 'Install app' });
  // The test's prompts alone: one Chromium offers by itself would start the delay earlier.
  await page.addInitScript(() =>
    window.addEventListener(
      'beforeinstallprompt',
      (event) => {
        if (event.isTrusted) event.stopImmediatePropagation();
      },
      true,
    ),
  );
  await page.clock.install();

  await page.goto('/');
  await expect(page.getByTestId('home-page')).toBeVisible();
  await expectAppStarted(page);
  // From here the banner's delay runs only as the test moves the page's clock on.
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
  await offerInstall();
  await page.clock.runFor(INSTALL_BANNER.showDelayMs - 1);
  await expect(banner).toHaveCount(0);
  await page.clock.resume();
  await expect(banner).toBeVisible();
  await banner.getByRole('button', { name: 'Dismiss' }).click();
  await expect(banner).toHaveCount(0);

  await page.reload();
  await expect(page.getByTestId('home-page')).toBeVisible();
  await expectAppStarted(page);
  await offerInstall();
  await page.clock.runFor(INSTALL_BANNER.iosShowDelayMs);
  await expect(banner).toHaveCount(0);
});

test('a new shell build prompts before it takes over', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one build is enough to prove it');
  test.setTimeout(180_000);

  // A deployment of our own, so the shell can be replaced under a running page.
  const webRoot = join(E2E_WORK_DIR, 'update-web-root');
  rmSync(webRoot, { recursive: true, force: true });
  mkdirSync(join(webRoot, 'shell'), { recursive: true });
  cpSync(join(REPO_ROOT, 'shell', 'dist'), join(webRoot, 'shell', 'dist'), { recursive: true });
  for (const remote of REMOTE_DIRS) {
    mkdirSync(join(webRoot, remote));
    symlinkSync(join(REPO_ROOT, remote, 'dist'), join(webRoot, remote, 'dist'), 'dir');
  }
  const product = await startProduct(ownProductPort(testInfo.parallelIndex, 1), {
    WEB_ROOT: webRoot,
  });
  try {
    await page.goto(`${product.origin}/`);
    await expect(page.getByTestId('app-header')).toContainText('AI Image Studio');
    await waitForServiceWorkerControl(page);

    const nextShell = buildVariant('shell', 'src/product.ts', (source) =>
      source.replace("'AI Image Studio'", "'AI Image Studio Next'"),
    );
    rmSync(join(webRoot, 'shell', 'dist'), { recursive: true });
    cpSync(nextShell, join(webRoot, 'shell', 'dist'), { recursive: true });

    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      await registration.update();
    });
    const prompt = page.getByRole('region', { name: 'Update available' });
    await expect(prompt).toContainText('New content available. Click OK to refresh.', {
      timeout: 30_000,
    });
    // Nothing changes until the user says so.
    await expect(page.getByTestId('app-header')).not.toContainText('AI Image Studio Next');
    await expectScreenChecks(page, 'update prompt');
    await prompt.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByTestId('app-header')).toContainText('AI Image Studio Next');
  } finally {
    // Let go of the page's connections (and its service worker's) before the servers stop.
    await page.goto('about:blank');
    await product.stop();
  }
});
