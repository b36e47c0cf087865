/**
 * The browser's memory while a phone user picks 20 photos of ~9.5 MB (24 MP) in the Train New
 * Model dialog: the built product in Debian's Chromium at Pixel 5 size, signed in as a new user,
 * the photos chosen through the dialog's own file picker. The renderers' resident memory (every
 * renderer process of this browser, from /proc) is sampled every 50 ms: before the pick, its
 * peak, and 3 s after the last tile shows its photo. Uploads and the api's face checks run as
 * they would; only the page's memory is read.
 * Run: node scripts/ensure-built.mjs && cd api && node --import tsx ../bench/preview-memory.ts
 *   PHOTOS=20   how many photos are picked
 * Prints figures only; timing never decides a test.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { startProduct } from '../e2e/tests/support/api-server';
import { createConfirmedUser } from '../e2e/tests/support/session';
import type { ElementHandle } from 'puppeteer-core';
import { MODELS_TEXT } from '../shared/src/spec/messages';
import { rssMb } from './support/api-process';
import { launchChromium, storeSession } from './support/chromium';
import { largePhotoFiles } from './support/large-photos';

const COUNT = Number(process.env.PHOTOS ?? 20);
const PORT = Number(process.env.BENCH_PORT ?? 3320);
const SAMPLE_MS = 50;
const SETTLE_MS = 3000;

/** Each process's parent, from /proc. */
function parents(): Map<number, number> {
  const map = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // The command name may hold spaces; the parent is the second field after it.
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      map.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  return map;
}

/** Resident MB of the browser's renderer processes (the pages and their workers). */
function rendererMb(browserPid: number): number {
  const parentOf = parents();
  let mb = 0;
  for (const pid of parentOf.keys()) {
    let ancestor = parentOf.get(pid);
    while (ancestor && ancestor !== browserPid) ancestor = parentOf.get(ancestor);
    if (!ancestor) continue;
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--type=renderer')) continue;
      mb += rssMb(pid);
    } catch {
      // gone meanwhile
    }
  }
  return mb;
}

const files = await largePhotoFiles(COUNT);
const product = await startProduct(PORT, { LOG_LEVEL: 'error' });
const { browser, pid, close } = await launchChromium();
try {
  const user = await createConfirmedUser(product.origin);
  const page = await browser.newPage();
  // Pixel 5, as the e2e phone project.
  await page.setViewport({
    width: 393,
    height: 851,
    deviceScaleFactor: 2.75,
    isMobile: true,
    hasTouch: true,
  });
  await storeSession(page, product.origin, user);
  await page.goto(`${product.origin}/models`, { waitUntil: 'networkidle0' });
  const addModel = await page.waitForSelector(`::-p-aria(${MODELS_TEXT.addModel}[role="button"])`);
  await addModel!.click();
  // The dialog's own file input, as its Choose Photos zone fills it.
  const input = await page.waitForSelector('[role="dialog"] input[type="file"]');
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const before = rendererMb(pid);

  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rendererMb(pid))), SAMPLE_MS);
  const started = Date.now();
  await (input as ElementHandle<HTMLInputElement>).uploadFile(...files);
  await page.waitForFunction(
    (count: number) =>
      Array.from(
        document.querySelectorAll<HTMLImageElement>('[data-testid="chosen-photo"] img'),
      ).filter((image) => image.complete).length === count,
    { timeout: 600_000, polling: 100 },
    COUNT,
  );
  const shownMs = Date.now() - started;
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  clearInterval(sampler);
  const after = rendererMb(pid);

  const load = loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
  console.log(`${COUNT} photos of ~9.5 MB (24 MP) picked in the Train New Model dialog`);
  console.log(`every tile showing its photo after ${(shownMs / 1000).toFixed(1)} s`);
  console.log(
    `renderer RSS: ${before.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB` +
      ` (+${(peak - before).toFixed(0)}), ${after.toFixed(0)} MB` +
      ` (+${(after - before).toFixed(0)}) ${SETTLE_MS / 1000} s later`,
  );
  console.log(`load average ${load}`);
} finally {
  await close();
  await product.stop();
}
