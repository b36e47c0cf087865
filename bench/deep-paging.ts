/**
 * Keyset paging of a 10,000-image gallery: page 1 against page 1,000 (limit 10), over HTTP
 * (one connection, requests alternating, median of each; each after a commit, so the api reads it
 * rather than answering what it kept) and the SQL alone (the media service's
 * list in this process, same database file), with SQLite's plan for the deep page.
 * Run: cd api && node --import tsx ../bench/deep-paging.ts   (IMAGES=10000 SAMPLES=400)
 */
import { join } from 'node:path';
import { openDatabase } from '../api/src/db/database';
import { decodeCursor, MediaService } from '../api/src/services/media';
import { makeTempDir, removeDir } from '../api/test/helpers';
import { newUser, TestIssuer } from '../api/test/support/tokens';
import { loadAverage, median, startApi } from './support/api-process';
import { seedGallery } from './support/seed';

const IMAGES = Number(process.env.IMAGES ?? 10_000);
const SAMPLES = Number(process.env.SAMPLES ?? 400);
const PAGE_SIZE = 10;
const DEEP_PAGE = IMAGES / PAGE_SIZE;
const PORT = Number(process.env.BENCH_PORT ?? 5410);

const issuer = await TestIssuer.start();
const dataDir = await makeTempDir();
const user = newUser('Bench User');
await seedGallery(dataDir, user, IMAGES);
const token = await issuer.idToken(user, { expiresIn: 4 * 3600 });
const api = await startApi(PORT, { DATA_DIR: dataDir, ...issuer.env });
const headers = { authorization: `Bearer ${token}` };

async function page(cursor?: string): Promise<{ ms: number; nextCursor: string | null }> {
  const query = `limit=${PAGE_SIZE}${cursor ? `&cursor=${cursor}` : ''}`;
  const started = performance.now();
  const response = await fetch(`${api.url}/api/media?${query}`, { headers });
  const body = (await response.json()) as { items: unknown[]; nextCursor: string | null };
  const ms = performance.now() - started;
  if (response.status !== 200 || body.items.length !== PAGE_SIZE) {
    throw new Error(`page answered ${response.status} with ${body.items.length} items`);
  }
  return { ms, nextCursor: body.nextCursor };
}

try {
  // Walk to the deep page the way a client scrolls, so its cursor is a real one.
  let cursor: string | undefined;
  for (let number = 1; number < DEEP_PAGE; number += 1) {
    cursor = (await page(cursor)).nextCursor ?? undefined;
  }
  const deepCursor = cursor!;

  // A second connection to the same file, as a second process would have.
  const db = openDatabase({ kind: 'sqlite', file: join(dataDir, 'studio.sqlite') });
  const { id: userId } = await db
    .selectFrom('users')
    .select('id')
    .where('identity_sub', '=', user.sub)
    .executeTakeFirstOrThrow();
  // The api keeps an answer until the database changes: each sampled page follows a commit, so
  // it is read, as the first page after an upload or a delete is.
  const change = () =>
    db
      .updateTable('users')
      .set({ updated_at: new Date().toISOString() })
      .where('id', '=', userId)
      .execute();
  const http = { first: [] as number[], deep: [] as number[] };
  for (let sample = 0; sample < SAMPLES; sample += 1) {
    await change();
    http.first.push((await page()).ms);
    await change();
    http.deep.push((await page(deepCursor)).ms);
  }
  await api.stop();

  // Only the list is measured: it touches no storage and no temp files.
  const media = new MediaService(
    db,
    undefined as never,
    undefined as never,
    undefined as never,
    undefined as never,
  );
  const after = decodeCursor(deepCursor)!;
  const query = { first: [] as number[], deep: [] as number[] };
  for (let sample = 0; sample < SAMPLES * 5; sample += 1) {
    let started = performance.now();
    await media.list(userId, { limit: PAGE_SIZE });
    query.first.push(performance.now() - started);
    started = performance.now();
    await media.list(userId, { limit: PAGE_SIZE, after });
    query.deep.push(performance.now() - started);
  }
  const deepQuery = media.listQuery(userId, { limit: PAGE_SIZE, after }).compile();
  const plan = await db.executeQuery<{ detail: string }>({
    ...deepQuery,
    sql: `EXPLAIN QUERY PLAN ${deepQuery.sql}`,
  });
  await db.destroy();

  const ratio = (figures: { first: number[]; deep: number[] }) =>
    (median(figures.deep) / median(figures.first)).toFixed(2);
  console.log(`${IMAGES} images, page 1 vs page ${DEEP_PAGE} (load: ${loadAverage()})`);
  console.log(
    `HTTP, each page read after a change: ${median(http.first).toFixed(2)} vs ${median(http.deep).toFixed(2)} ms = ${ratio(http)}x`,
  );
  console.log(
    `SQL alone: ${median(query.first).toFixed(3)} vs ${median(query.deep).toFixed(3)} ms = ${ratio(query)}x`,
  );
  console.log(`plan of the deep page: ${plan.rows.map((row) => row.detail).join('; ')}`);
} finally {
  if (api.child.exitCode === null) await api.stop();
  await issuer.close();
  await removeDir(dataDir);
}
