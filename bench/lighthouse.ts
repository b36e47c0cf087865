/**
 * Lighthouse 13, mobile preset (Moto G Power screen, 4x CPU slowdown, 150 ms RTT, 1.6 Mbps,
 * simulated throttling), on the signed-out home and on every signed-in route, each cold (empty
 * HTTP cache, no service worker) and warm (a second navigation with the service worker, its
 * caches and the HTTP cache in place). Prints, per route and start: performance and
 * accessibility scores, FCP, LCP (and its element), TBT, CLS, the JavaScript transferred and the
 * request count. The signed-in routes are audited as a returning user who has trained a model with
 * the built-in engine and made IMAGES images (6), as a user of the product would have: /generate
 * is only shown with a ready model, and the gallery and model list show what they hold.
 * The product is reached as a phone reaches a deployment: over https and HTTP/2, through a TLS
 * front (bench/support/tls-front.ts) that stands for the load balancer of docs/configuration.md.
 * Run: node scripts/ensure-built.mjs && cd api && node --import tsx ../bench/lighthouse.ts
 *   BASE_URL=http://localhost:3000  audit a running product instead of starting one (port 3300,
 *                                    its TLS front on 3301)
 *   PLAIN_HTTP=1                     reach the started product over plain HTTP/1.1 instead
 *   ROUTES=/,/dashboard              only these routes
 *   THROTTLING=devtools              throttle for real instead of simulating (slower, noisier)
 *   RUNS=3                           audits per route and start; each figure's median is printed
 *   IMAGES=0                         the signed-in user's generated images (a model is always trained)
 *   CHROME_PATH=/usr/bin/chromium    Debian's Chromium (never a downloaded browser)
 *   REPORT_DIR=bench/output/lh       also write each route's flow report there (HTML and JSON)
 *   LCP_GRAPH=1                      also print, under each printed row, the requests and tasks
 *                                    its simulated LCP waits for (bench/support/lcp-graph.ts)
 *   WITHOUT_DEBUGGER=1               also a third start, warm again without Lighthouse's V8
 *                                    debugger, printed as "warm*" under the standard rows (not
 *                                    the standard figure: see bench/support/without-debugger.ts)
 * Prints figures only; timing never decides a test.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { generateReport, startFlow, type Flags, type Result } from 'lighthouse';
import type { Browser } from 'puppeteer-core';
import { startProduct } from '../e2e/tests/support/api-server';
import { seedGallery } from '../e2e/tests/support/gallery-seed';
import type { TestUser } from '../e2e/tests/support/session';
import { launchChromium, serviceWorkerInControl, storeSession } from './support/chromium';
import { LCP_GRAPH_CATEGORY, lcpGraphConfig, lcpGraphLines } from './support/lcp-graph';
import { startProductBehindTls, type ProductUnderTest } from './support/tls-front';
import { withoutDebugger } from './support/without-debugger';

const RUNS = Number(process.env.RUNS ?? 1);
const ALL_ROUTES = ['/', '/dashboard', '/generate', '/models', '/profile'];
const ROUTES = process.env.ROUTES?.split(',') ?? ALL_ROUTES;
const SIGNED_OUT_ROUTES = new Set(['/']);
const REPORT_DIR = process.env.REPORT_DIR;
const IMAGES = Number(process.env.IMAGES ?? 6);
const WITHOUT_DEBUGGER = process.env.WITHOUT_DEBUGGER === '1';
const LCP_GRAPH = process.env.LCP_GRAPH === '1';
const throttlingMethod = process.env.THROTTLING === 'devtools' ? 'devtools' : 'simulate';
const PLAIN_HTTP = process.env.PLAIN_HTTP === '1';

/** The mobile preset is Lighthouse's default; only the categories the targets name are run. */
const flags: Flags = {
  onlyCategories: ['performance', 'accessibility', ...(LCP_GRAPH ? [LCP_GRAPH_CATEGORY] : [])],
  throttlingMethod,
};

interface Figures {
  performance: number;
  accessibility: number;
  fcpMs: number;
  lcpMs: number;
  lcpElement: string;
  tbtMs: number;
  cls: number;
  jsKb: number;
  requests: number;
  /** LCP_GRAPH=1: what the simulated LCP waited for, as printed lines. */
  lcpGraph: string[];
}

function figures(lhr: Result): Figures {
  const audit = (id: string) => lhr.audits[id];
  const numeric = (id: string) => audit(id)?.numericValue ?? Number.NaN;
  const requests = (audit('network-requests')?.details as { items?: NetworkItem[] } | undefined)
    ?.items;
  const lcpParts = (
    audit('lcp-breakdown-insight')?.details as
      { items?: { type?: string; snippet?: string }[] } | undefined
  )?.items;
  return {
    performance: Math.round((lhr.categories.performance?.score ?? Number.NaN) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? Number.NaN) * 100),
    fcpMs: numeric('first-contentful-paint'),
    lcpMs: numeric('largest-contentful-paint'),
    lcpElement: lcpParts?.find((part) => part.type === 'node')?.snippet ?? '-',
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    jsKb:
      (requests ?? [])
        .filter((item) => item.resourceType === 'Script')
        .reduce((sum, item) => sum + (item.transferSize ?? 0), 0) / 1024,
    requests: requests?.length ?? Number.NaN,
    lcpGraph: lcpGraphLines(lhr),
  };
}

interface NetworkItem {
  resourceType?: string;
  transferSize?: number;
}

/** One cold and one warm audit of `route`, in a fresh browser context, signed in as `user`. */
async function auditRoute(
  browser: Browser,
  origin: string,
  route: string,
  user: TestUser | undefined,
  apiOrigin: string,
) {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  try {
    if (user) await storeSession(page, origin, user, apiOrigin);
    const flow = await startFlow(page, {
      flags,
      name: route,
      ...(LCP_GRAPH ? { config: lcpGraphConfig() } : {}),
    });
    // Lighthouse's storage reset clears the HTTP cache, service workers and cache storage but
    // keeps localStorage, so the signed-in session survives the cold start.
    await flow.navigate(`${origin}${route}`, { name: `${route} cold` });
    await serviceWorkerInControl(page);
    await flow.navigate(`${origin}${route}`, {
      name: `${route} warm`,
      disableStorageReset: true,
    });
    if (WITHOUT_DEBUGGER) {
      await withoutDebugger(page, () =>
        flow.navigate(`${origin}${route}`, {
          name: `${route} warm, without Lighthouse's debugger`,
          disableStorageReset: true,
        }),
      );
    }
    const result = await flow.createFlowResult();
    if (REPORT_DIR) {
      mkdirSync(REPORT_DIR, { recursive: true });
      const file = `${route.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'home'}.html`;
      writeFileSync(join(REPORT_DIR, file), generateReport(result, 'html'));
      writeFileSync(join(REPORT_DIR, file.replace(/html$/, 'json')), JSON.stringify(result));
    }
    return result.steps.map((step) => figures(step.lhr));
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

/**
 * Each figure's median over the runs, as the targets judge each figure; the LCP element, the
 * bytes, the requests and the graph come from the run whose LCP is the median.
 */
function medianRun(runs: Figures[]): Figures {
  const of = (pick: (run: Figures) => number) => median(runs.map(pick));
  const lcpMs = of((run) => run.lcpMs);
  return {
    ...runs.find((run) => run.lcpMs === lcpMs)!,
    performance: of((run) => run.performance),
    accessibility: of((run) => run.accessibility),
    fcpMs: of((run) => run.fcpMs),
    tbtMs: of((run) => run.tbtMs),
    cls: of((run) => run.cls),
  };
}

function row(route: string, start: string, f: Figures) {
  const ms = (value: number) => `${Math.round(value)}`.padStart(6);
  return [
    route.padEnd(11),
    start.padEnd(5),
    `${f.performance}`.padStart(4),
    `${f.accessibility}`.padStart(5),
    ms(f.fcpMs),
    ms(f.lcpMs),
    ms(f.tbtMs),
    f.cls.toFixed(3).padStart(6),
    f.jsKb.toFixed(1).padStart(7),
    `${f.requests}`.padStart(5),
    `  ${f.lcpElement.slice(0, 70)}`,
  ]
    .join(' ')
    .concat(f.lcpGraph.map((line) => `\n${line}`).join(''));
}

async function productUnderTest(): Promise<ProductUnderTest> {
  if (process.env.BASE_URL) {
    const origin = process.env.BASE_URL.replace(/\/$/, '');
    return { origin, apiOrigin: origin, chromiumFlags: [], stop: async () => undefined };
  }
  const port = Number(process.env.BENCH_PORT ?? 3300);
  if (!PLAIN_HTTP) return startProductBehindTls(port);
  const product = await startProduct(port, { LOG_LEVEL: 'error' });
  return { ...product, apiOrigin: product.origin, chromiumFlags: [] };
}

const product = await productUnderTest();
const { browser, close } = await launchChromium([
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  ...product.chromiumFlags,
]);

try {
  console.log(
    `Lighthouse mobile preset, ${throttlingMethod} throttling, ${RUNS} run(s) per route` +
      ` on ${product.origin} in ${await browser.version()}` +
      ` (medians shown), load average ${loadavg()
        .map((load) => load.toFixed(2))
        .join(' ')}`,
  );
  const seeded = ROUTES.some((route) => !SIGNED_OUT_ROUTES.has(route))
    ? await seedGallery(product.apiOrigin, IMAGES)
    : undefined;
  console.log(
    seeded
      ? `signed-in user: one ready model, ${seeded.images.length} generated images`
      : 'signed out only',
  );
  console.log('route       start perf a11y  FCP ms LCP ms TBT ms    CLS  JS KB  reqs  LCP element');
  for (const route of ROUTES) {
    const cold: Figures[] = [];
    const warm: Figures[] = [];
    const warmWithoutDebugger: Figures[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const [coldRun, warmRun, undebuggedRun] = await auditRoute(
        browser,
        product.origin,
        route,
        SIGNED_OUT_ROUTES.has(route) ? undefined : seeded?.user,
        product.apiOrigin,
      );
      cold.push(coldRun!);
      warm.push(warmRun!);
      if (undebuggedRun) warmWithoutDebugger.push(undebuggedRun);
    }
    console.log(row(route, 'cold', medianRun(cold)));
    console.log(row(route, 'warm', medianRun(warm)));
    if (WITHOUT_DEBUGGER) console.log(row(route, 'warm*', medianRun(warmWithoutDebugger)));
  }
  const after = loadavg().map((load) => load.toFixed(2));
  console.log(`load average after: ${after.join(' ')} (figures of a loaded machine mean little)`);
  if (WITHOUT_DEBUGGER) {
    console.log(
      "* warm again without Lighthouse's V8 debugger (WITHOUT_DEBUGGER=1): not the standard" +
        ' figure; the debugger makes V8 redo work on every script from the code cache.',
    );
  }
} finally {
  await close();
  await product.stop();
}
