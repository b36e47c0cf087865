/**
 * Where a start's main thread goes, for the Lighthouse figures' TBT: one start of a route in
 * Debian's Chromium at Lighthouse's 4x CPU slowdown (no network throttling), cold (fresh browser
 * context) or warm (the service worker installed and in control). Prints
 *  - each long animation frame (>= 50 ms, the browser's own measure) with the scripts it ran,
 *    their invoker (a script's evaluation, a timer, React's scheduler message...) and duration;
 *  - the CPU profile's self time by original source file and by function, mapped through the
 *    built bundles' source maps (shell/dist, mfe-<name>/dist), so the figures name modules, not
 *    minified chunks; and the browser's own functions (appendChild...) by the code calling them.
 * Run: node scripts/ensure-built.mjs && cd api && node --import tsx ../bench/start-profile.ts
 *   ROUTE=/dashboard   the route (unless it is /, signed in as a user with a ready model and
 *                      IMAGES generated images, 6 by default, as bench/lighthouse.ts audits it)
 *   START=warm         the second start, from the service worker (default cold)
 *   TOP=30             rows per table
 * Prints figures only; timing never decides a test. Load inflates every figure: note `uptime`.
 */
import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { startProduct } from '../e2e/tests/support/api-server';
import { seedGallery } from '../e2e/tests/support/gallery-seed';
import { launchChromium, serviceWorkerInControl, storeSession } from './support/chromium';

const ROUTE = process.env.ROUTE ?? '/';
const WARM = process.env.START === 'warm';
const TOP = Number(process.env.TOP ?? 30);
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
try {
  const context = await browser.createBrowserContext();
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
  if (ROUTE !== '/') {
    const { user } = await seedGallery(product.origin, Number(process.env.IMAGES ?? 6));
    await storeSession(page, product.origin, user);
  }
  if (WARM) {
    await page.goto(`${product.origin}${ROUTE}`, { waitUntil: 'networkidle0' });
    await serviceWorkerInControl(page);
  }
  const cdp = await page.createCDPSession();
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.goto(`${product.origin}${ROUTE}`, { waitUntil: 'networkidle0' });
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
  const frames = await page.evaluate(
    () => (window as unknown as { __longFrames: LongFrame[] }).__longFrames,
  );

  console.log(
    `${ROUTE} ${WARM ? 'warm' : 'cold'} start, ${CPU_SLOWDOWN}x CPU slowdown, load average ` +
      loadavg()
        .map((load) => load.toFixed(2))
        .join(' '),
  );
  console.log('\nLong animation frames (ms): start, duration, blocking; the scripts they ran');
  let blocking = 0;
  for (const frame of frames) {
    blocking += frame.blockingDuration;
    const at = (value: number) => value.toFixed(0).padStart(6);
    console.log(`${at(frame.startTime)} ${at(frame.duration)} ${at(frame.blockingDuration)}`);
    for (const script of frame.scripts) {
      const source = script.sourceURL.replace(product.origin, '');
      console.log(
        `         ${script.duration.toFixed(0).padStart(5)}  ${script.invoker} ${source}`,
      );
    }
  }
  console.log(`blocking in all: ${blocking.toFixed(0)} ms`);

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
