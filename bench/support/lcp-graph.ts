/**
 * What Lighthouse's simulated LCP waits for. Lantern (simulate throttling) rebuilds the page's
 * load as a graph of network requests and main-thread tasks from an unthrottled trace, replays it
 * at 150 ms RTT, 1.6 Mbps and 4x CPU, and takes the LCP as the end of the last node of the LCP
 * graph: every request that ended before the observed LCP (but off-screen, low-priority images),
 * the tasks that evaluated those scripts, the layouts, and every node on a path to them. This
 * audit prints that graph, each node with its simulated start and end, so a figure names the
 * requests and tasks that bound it.
 *
 * Added to a flow by `lcpGraphConfig` (bench/lighthouse.ts, LCP_GRAPH=1).
 */
import type { Config, Result } from 'lighthouse';
import { Audit } from 'lighthouse/core/audits/audit.js';
import LargestContentfulPaint from 'lighthouse/core/audits/metrics/largest-contentful-paint.js';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';

const ID = 'lcp-graph';

/** One node of the simulated graph, start order; times in simulated ms. */
interface GraphRow {
  start: number;
  end: number;
  text: string;
}

interface GraphDetails {
  type: 'debugdata';
  optimisticMs: number;
  pessimisticMs: number;
  rows: GraphRow[];
}

type Estimate = Awaited<
  ReturnType<typeof LanternLargestContentfulPaint.request>
>['pessimisticEstimate'];
type GraphNode = Estimate['nodeTimings'] extends Map<infer N, unknown> ? N : never;

const path = (url: string) => url.replace(/^[a-z]+:\/\/[^/]+/, '').slice(0, 80);

function describe(node: GraphNode): string {
  if (node.type === 'network') {
    const { request } = node;
    const kb = (request.transferSize / 1024).toFixed(1);
    // A file the service worker or the HTTP cache served costs no connection in the simulation.
    const where = request.fromDiskCache || request.fromMemoryCache ? 'cached' : `${kb} KB`;
    return `net ${request.priority.padEnd(8)} ${where.padStart(8)}  ${path(request.url)}`;
  }
  const observedMs = (node.endTime - node.startTime) / 1000;
  const scripts = [...node.getEvaluateScriptURLs()].map(path).join(' ');
  const layout = node.didPerformLayout() ? ' layout' : '';
  return `cpu ${`${observedMs.toFixed(1)} ms observed`.padStart(17)}${layout}  ${scripts}`;
}

class LcpGraphAudit extends Audit {
  static override get meta() {
    return {
      id: ID,
      title: 'Simulated LCP graph',
      description: 'The requests and tasks the simulated LCP waits for.',
      scoreDisplayMode: Audit.SCORING_MODES.INFORMATIVE,
      supportedModes: ['navigation' as const],
      // What Lighthouse's own LCP audit reads: the estimate below needs the same.
      requiredArtifacts: LargestContentfulPaint.meta.requiredArtifacts,
    };
  }

  static override async audit(
    artifacts: Parameters<typeof Audit.makeMetricComputationDataInput>[0],
    context: Parameters<typeof Audit.makeMetricComputationDataInput>[1],
  ) {
    const data = Audit.makeMetricComputationDataInput(artifacts, context);
    const lcp = await LanternLargestContentfulPaint.request(data, context);
    // The pessimistic graph holds the optimistic one's nodes and more.
    const rows = [...lcp.pessimisticEstimate.nodeTimings.entries()]
      .map(([node, timing]) => ({
        start: timing.startTime,
        end: timing.endTime,
        text: describe(node),
      }))
      .sort((a, b) => a.start - b.start || a.end - b.end);
    const details: GraphDetails = {
      type: 'debugdata',
      optimisticMs: lcp.optimisticEstimate.timeInMs,
      pessimisticMs: lcp.pessimisticEstimate.timeInMs,
      rows,
    };
    return { score: null, details };
  }
}

/** The flow config that adds this audit to Lighthouse's default ones, in a category of its own. */
export function lcpGraphConfig(): Config {
  return {
    extends: 'lighthouse:default',
    audits: [{ implementation: LcpGraphAudit }],
    categories: { [ID]: { title: 'Simulated LCP graph', auditRefs: [{ id: ID, weight: 0 }] } },
  };
}

/** The category to name in `onlyCategories` beside the scored ones. */
export const LCP_GRAPH_CATEGORY = ID;

/** The graph of one audited start, as lines to print under its figures. */
export function lcpGraphLines(lhr: Result): string[] {
  const details = lhr.audits[ID]?.details as GraphDetails | undefined;
  if (!details) return [];
  const ms = (value: number) => `${Math.round(value)}`.padStart(5);
  return [
    `  simulated LCP graph: optimistic ${ms(details.optimisticMs)} ms, pessimistic ` +
      `${ms(details.pessimisticMs)} ms (the LCP is their mean)`,
    ...details.rows.map((row) => `  ${ms(row.start)}-${ms(row.end)}  ${row.text}`),
  ];
}
