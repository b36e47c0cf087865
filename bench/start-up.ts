/**
 * From spawning the api (as `pnpm start` runs it, NODE_ENV=production, the embedded identity
 * service and the job worker on) to its first 200 on GET /api/health, and its RSS then; against
 * a bare Fastify 5 process. Each start on an existing data directory (the first start, which
 * creates the database and keys, is run once before and not counted); median of 5.
 * Run: cd api && node --import tsx ../bench/start-up.ts   (STARTS=5)
 */
import { makeTempDir, removeDir } from '../api/test/helpers';
import { loadAverage, median, rssMb, startApi } from './support/api-process';
import { startBareFastify } from './support/bare-fastify';

const STARTS = Number(process.env.STARTS ?? 5);
const PORT = Number(process.env.BENCH_PORT ?? 5430);

const dataDir = await makeTempDir();
try {
  await (await startApi(PORT, { DATA_DIR: dataDir })).stop();
  const api = { ms: [] as number[], rss: [] as number[] };
  const bare = { ms: [] as number[], rss: [] as number[] };
  for (let start = 0; start < STARTS; start += 1) {
    const running = await startApi(PORT, { DATA_DIR: dataDir });
    api.ms.push(running.readyMs);
    api.rss.push(rssMb(running.child.pid!));
    await running.stop();
    const reference = await startBareFastify(PORT + 1);
    bare.ms.push(reference.readyMs);
    bare.rss.push(rssMb(reference.pid));
    await reference.stop();
  }
  for (const [label, figures] of [
    ['api', api],
    ['bare Fastify', bare],
  ] as const) {
    console.log(
      `${label}: start → first 200 in ${median(figures.ms).toFixed(0)} ms, RSS ${median(figures.rss).toFixed(0)} MB ` +
        `(median of ${STARTS}; all: ${figures.ms.map((value) => value.toFixed(0)).join(', ')} ms)`,
    );
  }
  console.log(`load: ${loadAverage()}`);
} finally {
  await removeDir(dataDir);
}
