/**
 * Where a start's main thread goes, for the Lighthouse figures' TBT: starts of a route in Debian's
 * Chromium at Lighthouse's 4x CPU slowdown (no network throttling), cold (a fresh browser context
 * each) or warm (the service worker installed and in control). Prints
 *  - STARTS starts without the profiler: the main thread's blocking time (the browser's long
 *    animation frames, >= 50 ms, their part over 50 ms) and when each long frame ran. The
 *    sampling profiler slows the browser's own calls (appendChild, insertRule) many times over,
 *    so these are the figures a user's start compares with;
 *  - then one profiled start: each long animation frame with the scripts it ran, their invoker (a
 *    script's evaluation, a timer, React's scheduler message...) and duration;
 *  - that start's CPU profile, self time by original source file and by function, mapped
 *    through the built bundles' source maps (shell/dist, mfe-<name>/dist), so the figures name
 *    modules, not minified chunks; and the browser's own functions (appendChild...) by the code
 *    calling them.
 * Run: node scripts/ensure-built.mjs && cd api && node --import tsx ../bench/start-profile.ts
 *   ROUTE=/dashboard   the route (unless it is /, signed in as a user with a ready model and
 *                      IMAGES generated images, 6 by default, as bench/lighthouse.ts audits it)
 *   START=warm         starts from the service worker, after a first one installed it (default
 *                      cold)
 *   STARTS=3           starts without the profiler before the profiled one
 *   TOP=30             rows per table
 * Prints figures only; timing never decides a test. Load inflates every figure: note `uptime`.
 */
import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { startProduct } from '../e2e/tests/support/api-server';
import { seedGallery } from '../e2e/tests/support/gallery-seed';
import type { BrowserContext, Page } from 'puppeteer-core';
import { median } from './support/api-process';
import { launchChromium, serviceWorkerInControl, storeSession } from './support/chromium';

const ROUTE = process.env.ROUTE ?? '/';
const WARM = process.env.START === 'warm';
const TOP = Number(process.env.TOP ?? 30);
const STARTS = Number(process.env.STARTS ?? 3);
const IMAGES = Number(process.env.IMAGES ?? 6);
const CPU_SLOWDOWN = 4;
const REPO = join(import.meta.dirname, '..');

interface ProfileNode {
  id: number;
  children?: number[];
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}
interface LongFrame {
  startTime: number;
  duration: number;
  blockingDuration: number;
  scripts: { invoker: string; sourceURL: string; duration: number }[];
}

const maps = new Map<string, SourceMap | null>();

/** The built file's source map: shell files are served from /static, a remote's from /remotes/<name>. */
function sourceMapOf(url: string): SourceMap | null {
  const path = new URL(url).pathname;
  if (maps.has(path)) return maps.get(path)!;
  const remote = /^\/remotes\/([^/]+)\/(.+)$/.exec(path);
  const file = remote
    ? join(REPO, `mfe-${remote[1]}`, 'dist', `${remote[2]}.map`)
    : path.startsWith('/static/')
      ? join(REPO, 'shell', 'dist', `${path}.map`)
      : null;
  let map: SourceMap | null = null;
  try {
    if (file) map = new SourceMap(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    // No map (the page itself, a worker's script): the served file stands.
  }
  maps.set(path, map);
  return map;
}

/** Where a sampled frame was written: package or source file, and the function there. */
function originOf({ callFrame }: ProfileNode): { file: string; fn: string } {
  const { url, functionName, lineNumber, columnNumber } = callFrame;
  if (!url) return { file: `(${functionName || 'native'})`, fn: functionName || '(native)' };
  const served = new URL(url).pathname;
  const entry = sourceMapOf(url)?.findEntry(lineNumber, columnNumber);
  if (!entry || !('originalSource' in entry) || !entry.originalSource) {
    return { file: served, fn: `${functionName || '(anonymous)'} ${served}` };
  }
  const file = entry.originalSource
    .replace(/^.*node_modules\//, '')
    .replace(/^webpack:\/\/[^/]*\//, '');
  return { file, fn: `${functionName || '(anonymous)'} ${file}:${entry.originalLine + 1}` };
}

function table(title: string, rows: Map<string, number>) {
  console.log(`\n${title}`);
  for (const [key, micros] of [...rows].sort((a, b) => b[1] - a[1]).slice(0, TOP)) {
    console.log(`${(micros / 1000).toFixed(1).padStart(8)} ms  ${key.slice(0, 110)}`);
  }
}

const product = await startProduct(Number(process.env.BENCH_PORT ?? 3350), { LOG_LEVEL: 'error' });
const { browser, close } = await launchChromium();

const user = ROUTE === '/' ? undefined : (await seedGallery(product.origin, IMAGES)).user;

/**
 * A tab ready for a start of ROUTE: watching its long animation frames, signed in (unless the
 * route is the signed-out home), and for a warm start with the service worker in control. A cold
 * start needs a fresh context each time; warm starts share one.
 */
async function readyPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true });
  await page.evaluateOnNewDocument(() => {
    const frames: unknown[] = [];
    (window as unknown as { __longFrames: unknown[] }).__longFrames = frames;
    new PerformanceObserver((list) => {
      // Through JSON: the entries and their script timings are live objects.
      for (const entry of list.getEntries()) frames.push(JSON.parse(JSON.stringify(entry)));
    }).observe({ type: 'long-animation-frame', buffered: true });
  });
  if (user) await storeSession(page, product.origin, user);
  if (WARM) {
    await page.goto(`${product.origin}${ROUTE}`, { waitUntil: 'networkidle0' });
    await serviceWorkerInControl(page);
  }
  return page;
}

/** One start at the slowdown, with the sampling profiler on or not: its long frames (and profile). */
async function start(page: Page, profiled: boolean) {
  const cdp = await page.createCDPSession();
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  if (profiled) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  await page.goto(`${product.origin}${ROUTE}`, { waitUntil: 'networkidle0' });
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const profile = profiled
    ? ((await cdp.send('Profiler.stop')) as unknown as { profile: Profile }).profile
    : undefined;
  const frames = await page.evaluate(
    () => (window as unknown as { __longFrames: LongFrame[] }).__longFrames,
  );
  await cdp.detach();
  return { frames, profile };
}

const blockingOf = (frames: LongFrame[]) =>
  frames.reduce((sum, frame) => sum + frame.blockingDuration, 0);
const ms = (value: number) => value.toFixed(0).padStart(6);

try {
  const warmContext = WARM ? await browser.createBrowserContext() : undefined;
  const warmPage = warmContext && (await readyPage(warmContext));
  const pageForAStart = async () => warmPage ?? readyPage(await browser.createBrowserContext());

  console.log(
    `${ROUTE} ${WARM ? 'warm' : 'cold'} start, ${CPU_SLOWDOWN}x CPU slowdown, load average ` +
      loadavg()
        .map((load) => load.toFixed(2))
        .join(' '),
  );
  // The sampling profiler slows the browser's own calls that it samples (appendChild, insertRule),
  // so the main thread's blocking is measured first in starts it does not watch.
  console.log(
    `\n${STARTS} start(s) without the profiler: blocking ms, then each long frame's start+duration`,
  );
  const unprofiled: number[] = [];
  for (let index = 0; index < STARTS; index += 1) {
    const { frames } = await start(await pageForAStart(), false);
    unprofiled.push(blockingOf(frames));
    const list = frames.map(
      (frame) => `${frame.startTime.toFixed(0)}+${frame.duration.toFixed(0)}`,
    );
    console.log(`${ms(blockingOf(frames))}  ${list.join(' ')}`);
  }
  if (STARTS > 0) console.log(`median blocking: ${median(unprofiled).toFixed(0)} ms`);

  const { frames, profile } = await start(await pageForAStart(), true);
  console.log(
    '\nThe profiled start. Long animation frames (ms): start, duration, blocking; the scripts ' +
      'they ran',
  );
  for (const frame of frames) {
    console.log(`${ms(frame.startTime)} ${ms(frame.duration)} ${ms(frame.blockingDuration)}`);
    for (const script of frame.scripts) {
      const source = script.sourceURL.replace(product.origin, '');
      console.log(
        `         ${script.duration.toFixed(0).padStart(5)}  ${script.invoker} ${source}`,
      );
    }
  }
  console.log(`blocking in all, with the profiler on: ${blockingOf(frames).toFixed(0)} ms`);

  if (!profile) throw new Error('the profiled start returned no profile');
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map<number, ProfileNode>();
  for (const node of profile.nodes) {
    for (const child of node.children ?? []) parents.set(child, node);
  }
  /** The nearest caller that is a script's own code (a DOM call such as appendChild has no URL). */
  const scriptCaller = (node: ProfileNode) => {
    let caller = parents.get(node.id);
    while (caller && !caller.callFrame.url) caller = parents.get(caller.id);
    return caller ? originOf(caller).fn : '(no script)';
  };
  const byFile = new Map<string, number>();
  const byFunction = new Map<string, number>();
  const browserCalls = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    const node = nodes.get(id)!;
    if (['(idle)', '(program)', '(root)'].includes(node.callFrame.functionName)) return;
    const micros = profile.timeDeltas[index + 1] ?? 0;
    const { file, fn } = originOf(node);
    byFile.set(file, (byFile.get(file) ?? 0) + micros);
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + micros);
    if (!node.callFrame.url && node.callFrame.functionName !== '(garbage collector)') {
      const call = `${node.callFrame.functionName} ← ${scriptCaller(node)}`;
      browserCalls.set(call, (browserCalls.get(call) ?? 0) + micros);
    }
  });
  table('Self time by source (ms at the slowdown)', byFile);
  table('Self time by function', byFunction);
  table("The browser's own functions (appendChild, insertRule...) by their caller", browserCalls);
} finally {
  await close();
  await product.stop();
}
