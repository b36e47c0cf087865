/**
 * From spawning the api (as `pnpm start` runs it: the compiled server, NODE_ENV=production, the
 * embedded identity service and the job worker on) to its first 200 on GET /api/health, its
 * CPU time and RSS then; against the same sources run through tsx (how the api started before
 * it was compiled; `pnpm dev` still does) and a bare Fastify 5 process. Each start on an
 * existing data directory (the first start, which creates the database and keys, is run once
 * before and not counted); the three alternate, median of 5.
 * Run: cd api && node --import tsx ../bench/start-up.ts   (STARTS=5)
 */
import { makeTempDir, removeDir } from '../api/test/helpers';
import { cpuMs, loadAverage, median, rssMb, startApi } from './support/api-process';
import { startBareFastify } from './support/bare-fastify';

const STARTS = Number(process.env.STARTS ?? 5);
const PORT = Number(process.env.BENCH_PORT ?? 5430);
const FROM_SOURCE = ['--import', 'tsx', 'src/main.ts'];

interface Figures {
  ms: number[];
  cpu: number[];
  rss: number[];
}
const figures = (): Figures => ({ ms: [], cpu: [], rss: [] });

const dataDir = await makeTempDir();
try {
  await (await startApi(PORT, { DATA_DIR: dataDir })).stop();
  const rows = { 'api (pnpm start)': figures(), 'api from source (tsx)': figures() };
  const bare = figures();
  for (let start = 0; start < STARTS; start += 1) {
    for (const [label, argv] of [
      ['api (pnpm start)', undefined],
      ['api from source (tsx)', FROM_SOURCE],
    ] as const) {
      const running = await startApi(PORT, { DATA_DIR: dataDir }, argv ? { argv } : {});
      const pid = running.child.pid!;
      rows[label].cpu.push(cpuMs(pid));
      rows[label].rss.push(rssMb(pid));
      rows[label].ms.push(running.readyMs);
      await running.stop();
    }
    const reference = await startBareFastify(PORT + 1);
    bare.cpu.push(cpuMs(reference.pid));
    bare.rss.push(rssMb(reference.pid));
    bare.ms.push(reference.readyMs);
    await reference.stop();
  }
  for (const [label, { ms, cpu, rss }] of [
    ...Object.entries(rows),
    ['bare Fastify', bare] as const,
  ]) {
    console.log(
      `${label}: start → first 200 in ${median(ms).toFixed(0)} ms, CPU ${median(cpu).toFixed(0)} ms, ` +
        `RSS ${median(rss).toFixed(0)} MB (median of ${STARTS}; all: ${ms.map((value) => value.toFixed(0)).join(', ')} ms)`,
    );
  }
  console.log(`load: ${loadAverage()}`);
} finally {
  await removeDir(dataDir);
}
