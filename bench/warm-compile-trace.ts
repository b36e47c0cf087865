/**
 * Why a warm start compiles its scripts: the same cold → warm Lighthouse flow as lighthouse.ts
 * (mobile preset, simulated throttling, the warm step with disableStorageReset) and a third
 * start, warm again without Lighthouse's debugger (as lighthouse.ts's WITHOUT_DEBUGGER), with
 * the warm steps' traces and DevTools logs kept. Or, with INSTRUMENT, one warm start traced by
 * hand with only the instrumentation named (see handTraced). Prints, per script of the warm start: where its response
 * came from (service worker and which of its sources, HTTP cache, network), V8's compile
 * (duration, streamed or why not, code cache consumed or rejected), cache production and
 * consumption, and evaluation; and what the origin held between the steps (service worker
 * registrations, CacheStorage caches).
 * Run: node scripts/ensure-built.mjs && cd api && node --import tsx ../bench/warm-compile-trace.ts
 *   ROUTE=/models         the route (signed in as a fresh confirmed user unless it is /)
 *   BENCH_PORT=3300       the product's port
 *   INSTRUMENT=debugger   trace by hand instead, with: debugger, rundown, coverage (comma
 *                         separated) or nothing (INSTRUMENT=)
 * Prints figures only; timing never decides a test. Load inflates every duration: note `uptime`.
 */
import { loadavg } from 'node:os';
import { startFlow, type Flags } from 'lighthouse';
import type { Page } from 'puppeteer-core';
import { startProduct } from '../e2e/tests/support/api-server';
import { createConfirmedUser } from '../e2e/tests/support/session';
import { launchChromium, serviceWorkerInControl, storeSession } from './support/chromium';
import { withoutDebugger } from './support/without-debugger';

const ROUTE = process.env.ROUTE ?? '/';
const flags: Flags = {
  onlyCategories: ['performance'],
  throttlingMethod: 'simulate',
  // Adds the compile events' details (code cache, streaming) to the trace.
  additionalTraceCategories: 'disabled-by-default-v8.compile',
};

interface TraceEvent {
  name: string;
  ph: string;
  tid: number;
  ts: number;
  dur?: number;
  args?: { data?: Record<string, unknown>; fileName?: string };
}
interface LogEntry {
  method: string;
  params: Record<string, unknown>;
}
interface ScriptRow {
  source: string;
  compileMs: number;
  compile: string[];
  produceMs: number;
  /** V8.FinalizeDeserialization: the main thread's work after a code cache was deserialised. */
  finalizeMs: number;
  consumeMs: number;
  evaluateMs: number;
}

async function originState(page: Page) {
  return page.evaluate(async () => {
    const registrations = await navigator.serviceWorker.getRegistrations();
    const caches_ = await caches.keys();
    const sizes = await Promise.all(
      caches_.map(async (name) => `${name}:${(await (await caches.open(name)).keys()).length}`),
    );
    return {
      registrations: registrations.map((r) => r.active?.state ?? r.installing?.state ?? '?'),
      controlled: Boolean(navigator.serviceWorker.controller),
      caches: sizes,
    };
  });
}

/** Where each response came from, by URL (the DevTools log's Network.responseReceived). */
function sources(log: LogEntry[]): Map<string, string> {
  const byUrl = new Map<string, string>();
  for (const { method, params } of log) {
    if (method !== 'Network.responseReceived') continue;
    const response = params.response as Record<string, unknown>;
    const from = response.fromServiceWorker
      ? `sw:${String(response.serviceWorkerResponseSource ?? '?')}`
      : response.fromDiskCache
        ? 'http-cache'
        : response.fromPrefetchCache
          ? 'prefetch'
          : 'network';
    byUrl.set(String(response.url), from);
  }
  return byUrl;
}

function scripts(trace: TraceEvent[], from: Map<string, string>): Map<string, ScriptRow> {
  const rows = new Map<string, ScriptRow>();
  const row = (url: string) => {
    let found = rows.get(url);
    if (!found) {
      found = {
        source: from.get(url) ?? '-',
        compileMs: 0,
        compile: [],
        produceMs: 0,
        finalizeMs: 0,
        consumeMs: 0,
        evaluateMs: 0,
      };
      rows.set(url, found);
    }
    return found;
  };
  const compiles = trace.filter((event) => event.name === 'v8.compile' && event.ph === 'X');
  for (const event of trace) {
    if (event.name !== 'V8.FinalizeDeserialization') continue;
    const within = compiles.find(
      (compile) =>
        compile.tid === event.tid &&
        compile.ts <= event.ts &&
        event.ts + (event.dur ?? 0) <= compile.ts + (compile.dur ?? 0),
    );
    const url = String(within?.args?.data?.url ?? '');
    if (url.startsWith('http')) row(url).finalizeMs += (event.dur ?? 0) / 1000;
  }
  for (const event of trace) {
    const data = event.args?.data ?? {};
    const url = String(data.url ?? event.args?.fileName ?? '');
    if (!url.startsWith('http') || event.ph !== 'X') continue;
    const ms = (event.dur ?? 0) / 1000;
    if (event.name === 'v8.compile') {
      const r = row(url);
      r.compileMs += ms;
      const detail = [
        data.streamed ? 'streamed' : `not streamed (${String(data.notStreamedReason ?? '?')})`,
        data.consumedCacheSize ? `consumed ${String(data.consumedCacheSize)} B` : 'no cache',
        data.cacheRejected ? 'REJECTED' : '',
        data.eager ? 'eager' : '',
      ].filter(Boolean);
      r.compile.push(detail.join(', '));
    } else if (event.name === 'v8.produceCache') row(url).produceMs += ms;
    else if (event.name === 'v8.consumeCache' || event.name === 'v8.deserializeOnThread') {
      row(url).consumeMs += ms;
    } else if (event.name === 'EvaluateScript') row(url).evaluateMs += ms;
  }
  return rows;
}

function print(title: string, trace: TraceEvent[], from: Map<string, string>) {
  console.log(`${title}, load average ${loadavg()[0]!.toFixed(2)}`);
  console.log(
    'compile ms  finalize  produce  consume  evaluate  response      script [compile details]',
  );
  let total = 0;
  for (const [scriptUrl, r] of scripts(trace, from)) {
    total += r.compileMs;
    console.log(
      [
        r.compileMs.toFixed(1).padStart(10),
        r.finalizeMs.toFixed(1).padStart(9),
        r.produceMs.toFixed(1).padStart(8),
        r.consumeMs.toFixed(1).padStart(8),
        r.evaluateMs.toFixed(1).padStart(9),
        ` ${r.source.padEnd(13)}`,
        new URL(scriptUrl).pathname,
        `[${r.compile.join(' | ')}]`,
      ].join(' '),
    );
  }
  console.log(`${total.toFixed(1).padStart(10)} ms of compile in all`);
}

/** The warm step as lighthouse.ts runs it. */
async function lighthouseFlow(page: Page, url: string) {
  const flow = await startFlow(page, { flags, name: ROUTE });
  await flow.navigate(url, { name: 'cold' });
  console.log('after the cold step:', await originState(page));
  await flow.navigate(url, { name: 'warm', disableStorageReset: true });
  await withoutDebugger(page, () =>
    flow.navigate(url, { name: 'warm without debugger', disableStorageReset: true }),
  );
  console.log('after the warm steps:', await originState(page));
  const steps = flow.createArtifactsJson().gatherSteps;
  for (const [index, title] of [
    [1, 'warm, Lighthouse flow'],
    [2, "warm again, Lighthouse flow without its debugger (bench's WITHOUT_DEBUGGER)"],
  ] as const) {
    const warm = steps[index]!.artifacts as unknown as {
      Trace: { traceEvents: TraceEvent[] };
      DevtoolsLog: LogEntry[];
    };
    print(`${ROUTE} ${title}`, warm.Trace.traceEvents, sources(warm.DevtoolsLog));
  }
}

/**
 * The warm start traced by hand, with only the instrumentation named in INSTRUMENT (comma
 * separated): `debugger` (Debugger.enable, skip pauses, async stacks, as Lighthouse's driver
 * does), `rundown` (Lighthouse's source-rundown trace categories), `coverage` (precise coverage).
 */
async function handTraced(page: Page, url: string, instrument: Set<string>) {
  await page.goto(url, { waitUntil: 'load' });
  await serviceWorkerInControl(page);
  // The worker's install fills its caches; give it the time Lighthouse's cold step gives it.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  console.log('after the cold start:', await originState(page));
  await page.goto('about:blank');
  const session = await page.createCDPSession();
  if (instrument.has('debugger')) {
    await session.send('Debugger.enable');
    await session.send('Debugger.setSkipAllPauses', { skip: true });
    await session.send('Debugger.setAsyncCallStackDepth', { maxDepth: 8 });
  }
  if (instrument.has('coverage')) {
    await session.send('Profiler.enable');
    await session.send('Profiler.startPreciseCoverage', { detailed: false });
  }
  const categories = [
    'v8',
    'v8.execute',
    'devtools.timeline',
    'disabled-by-default-devtools.timeline',
    'disabled-by-default-v8.compile',
    ...(instrument.has('rundown')
      ? [
          'disabled-by-default-devtools.target-rundown',
          'disabled-by-default-devtools.v8-source-rundown-sources',
          'disabled-by-default-devtools.v8-source-rundown',
        ]
      : []),
  ];
  const events: TraceEvent[] = [];
  session.on('Tracing.dataCollected', ({ value }) => events.push(...(value as TraceEvent[])));
  await session.send('Tracing.start', { categories: categories.join(',') });
  await page.goto(url, { waitUntil: 'load' });
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const complete = new Promise((resolve) => session.once('Tracing.tracingComplete', resolve));
  await session.send('Tracing.end');
  await complete;
  print(`${ROUTE} warm, traced by hand with [${[...instrument].join(', ')}]`, events, new Map());
}

const product = await startProduct(Number(process.env.BENCH_PORT ?? 3300), { LOG_LEVEL: 'error' });
const { browser, close } = await launchChromium();
try {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  const url = `${product.origin}${ROUTE}`;
  if (ROUTE !== '/') {
    await storeSession(
      page,
      product.origin,
      await createConfirmedUser(product.origin, 'Bench User'),
    );
  }
  if (process.env.INSTRUMENT === undefined) await lighthouseFlow(page, url);
  else await handTraced(page, url, new Set(process.env.INSTRUMENT.split(',').filter(Boolean)));
} finally {
  await close();
  await product.stop();
}
