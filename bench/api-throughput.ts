/**
 * Authenticated api routes against a bare Fastify 5 JSON route, on the same machine in one run:
 * targets alternate (bare, media page, user), each round a 3 s warm-up then a 10 s measurement
 * with 50 connections (the floor's p99 is given at 50); medians of 3 rounds. The api runs as `pnpm start` runs it
 * (NODE_ENV=production) over SQLite, with a 100-image gallery. Beside req/s, the server's CPU
 * time per answer (from /proc): on a machine other work loads, req/s follows the share of the
 * cores each process gets, CPU per answer much less so.
 * Run: cd api && node --import tsx ../bench/api-throughput.ts   (ROUNDS=3 SECONDS=10 CONNECTIONS=50)
 */
import autocannon from 'autocannon';
import { newUser, TestIssuer } from '../api/test/support/tokens';
import { makeTempDir, removeDir } from '../api/test/helpers';
import { cpuMs, loadAverage, median, startApi } from './support/api-process';
import { startBareFastify } from './support/bare-fastify';
import { seedGallery } from './support/seed';

const ROUNDS = Number(process.env.ROUNDS ?? 3);
const SECONDS = Number(process.env.SECONDS ?? 10);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const PORT = Number(process.env.BENCH_PORT ?? 5400);

/** What a browser sends: compression is part of the cost of an answer. */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br' };

interface Target {
  name: string;
  url: string;
  headers: Record<string, string>;
  pid: number;
}

interface Figures {
  rps: number;
  p99: number;
  /** Server CPU time per answer, µs. */
  cpuUs: number;
}

async function measure(target: Target, seconds: number): Promise<Figures> {
  const cpuBefore = cpuMs(target.pid);
  const result = await autocannon({
    url: target.url,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { ...BROWSER_HEADERS, ...target.headers },
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${target.name}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  const cpuUs = ((cpuMs(target.pid) - cpuBefore) * 1000) / result.requests.total;
  return { rps: result.requests.average, p99: result.latency.p99, cpuUs };
}

const issuer = await TestIssuer.start();
const dataDir = await makeTempDir();
const user = newUser('Bench User');
await seedGallery(dataDir, user, 100);
const token = await issuer.idToken(user, { expiresIn: 4 * 3600 });
const api = await startApi(PORT, { DATA_DIR: dataDir, ...issuer.env });
const bare = await startBareFastify(PORT + 1);
const auth = { authorization: `Bearer ${token}` };
const targets: Target[] = [
  { name: 'bare Fastify GET /hello', url: bare.url, headers: {}, pid: bare.pid },
  {
    name: 'GET /api/media?limit=10',
    url: `${api.url}/api/media?limit=10`,
    headers: auth,
    pid: api.child.pid!,
  },
  { name: 'GET /api/user', url: `${api.url}/api/user`, headers: auth, pid: api.child.pid! },
];
const results = new Map(targets.map((target) => [target.name, [] as Figures[]]));
try {
  console.log(`${CONNECTIONS} connections; load before: ${loadAverage()}`);
  for (let round = 1; round <= ROUNDS; round += 1) {
    for (const target of targets) {
      await measure(target, 3);
      const figures = await measure(target, SECONDS);
      results.get(target.name)!.push(figures);
      console.log(
        `round ${round} ${target.name}: ${figures.rps.toFixed(0)} req/s, p99 ${figures.p99} ms, ` +
          `CPU ${figures.cpuUs.toFixed(0)} µs per answer`,
      );
    }
  }
  const bareRuns = results.get(targets[0]!.name)!;
  const bareRps = median(bareRuns.map((figures) => figures.rps));
  const bareCpu = median(bareRuns.map((figures) => figures.cpuUs));
  console.log(`\nmedians of ${ROUNDS} (load after: ${loadAverage()}):`);
  for (const target of targets) {
    const runs = results.get(target.name)!;
    const rps = median(runs.map((figures) => figures.rps));
    const p99 = median(runs.map((figures) => figures.p99));
    const cpu = median(runs.map((figures) => figures.cpuUs));
    const share = ((rps / bareRps) * 100).toFixed(0);
    const cpuShare = ((bareCpu / cpu) * 100).toFixed(0);
    console.log(
      `${target.name}: ${rps.toFixed(0)} req/s (${share} % of bare), p99 ${p99} ms; ` +
        `CPU ${cpu.toFixed(0)} µs per answer (bare's is ${cpuShare} % of it)`,
    );
  }
} finally {
  await api.stop();
  await bare.stop();
  await issuer.close();
  await removeDir(dataDir);
}
