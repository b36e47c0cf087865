import * as chromeLauncher from 'chrome-launcher';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { storedSessionItems, type TestUser } from '../../e2e/tests/support/session';

/** Debian's Chromium (never a downloaded browser), headless, driven through puppeteer. */
export async function launchChromium(
  extraFlags: readonly string[] = [],
): Promise<{ browser: Browser; pid: number; close: () => Promise<void> }> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      ...extraFlags,
    ],
  });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  return {
    browser,
    pid: chrome.pid,
    close: async () => {
      await browser.disconnect();
      chrome.kill();
    },
  };
}

/**
 * Leaves `user` signed in for the next start on `origin`, as aws-amplify keeps a session. The
 * tokens come from `apiOrigin` when this process reaches the api elsewhere (behind a TLS front).
 */
export async function storeSession(
  page: Page,
  origin: string,
  user: TestUser,
  apiOrigin = origin,
): Promise<void> {
  const items = await storedSessionItems(apiOrigin, user);
  // Any same-origin document reaches localStorage; the manifest loads no app code.
  await page.goto(`${origin}/manifest.webmanifest`);
  await page.evaluate((entries: Record<string, string>) => {
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, items);
}

/** Waits until the service worker controls the page, so the next start is a warm one. */
export async function serviceWorkerInControl(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise((resolve) =>
      navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
    );
  });
}
