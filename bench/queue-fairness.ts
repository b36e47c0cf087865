/**
 * Fairness of the job queue: how long one user's single generation takes while another user
 * holds 100+ queued generations, against the same generation on an idle queue. The api runs as
 * `pnpm start` runs it (built-in CPU engine, its job worker on), on SQLite. Both users train a
 * model on the same test portraits first; the busy user's backlog is written straight
 * into the jobs table (more than the per-user cap lets one account queue through the API, as
 * many accounts together could), copied from a generation the API queued.
 * Prints the idle time and the time beside the backlog (medians of 3, after one warm-up run),
 * their ratio, and how many of the backlog ran meanwhile. Run: cd api && node --import tsx ../bench/queue-fairness.ts
 * (BACKLOG=120)
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { openDatabase } from '../api/src/db/database';
import { makeTempDir, removeDir } from '../api/test/helpers';
import { smallSubjectPhoto } from '../api/test/support/images';
import { newUser, TestIssuer, type TestUser } from '../api/test/support/tokens';
import { loadAverage, median, startApi } from './support/api-process';

const BACKLOG = Number(process.env.BACKLOG ?? 120);
const PORT = Number(process.env.BENCH_PORT ?? 5422);
const RUNS = 3;
const SUBJECT = 'lisa_debruine';
const PHOTOS = ['01.jpg', '02.jpg', '03.jpg', '04.jpg', '05.jpg'];

const issuer = await TestIssuer.start();
const dataDir = await makeTempDir();
const api = await startApi(PORT, {
  DATA_DIR: dataDir,
  WRITE_RATE_LIMIT_PER_MINUTE: '100000',
  ...issuer.env,
});
const tokens = new Map<string, string>();

async function call(user: TestUser, method: string, path: string, json?: unknown) {
  let token = tokens.get(user.sub);
  if (!token) {
    token = await issuer.idToken(user, { expiresIn: 4 * 3600 });
    tokens.set(user.sub, token);
  }
  const response = await fetch(`${api.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(json === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  const body = (await response.json()) as Record<string, unknown>;
  if (response.status >= 400) throw new Error(`${method} ${path}: ${JSON.stringify(body)}`);
  return body;
}

async function finished(user: TestUser, jobId: string): Promise<void> {
  for (;;) {
    const job = await call(user, 'GET', `/api/generate/status/${jobId}`);
    if (job.status === 'succeeded') return;
    if (job.status !== 'queued' && job.status !== 'running') throw new Error(String(job.error));
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function readyModel(user: TestUser): Promise<string> {
  const photos = await Promise.all(PHOTOS.map((name) => smallSubjectPhoto(SUBJECT, name)));
  const uploaded = await call(user, 'POST', '/api/media/upload', {
    photos: photos.map((photo, index) => ({
      imageBase64: photo.toString('base64'),
      filename: PHOTOS[index],
      contentType: 'image/jpeg',
      caption: '',
    })),
  });
  const photoIds = (uploaded.items as { imageId: string }[]).map((item) => item.imageId);
  const training = await call(user, 'POST', '/api/media/start-training', {
    modelName: user.name.slice(0, 20),
    photoIds,
  });
  await finished(user, training.jobId as string);
  return training.modelId as string;
}

/** Seconds from the request to the finished image. */
async function generationSeconds(user: TestUser, modelId: string): Promise<number> {
  const started = performance.now();
  const job = await call(user, 'POST', '/api/generate/text-to-image', {
    prompt: 'a portrait in a garden',
    model_ids: [modelId],
  });
  await finished(user, job.id as string);
  return (performance.now() - started) / 1000;
}

try {
  const busy = newUser('Busy User');
  const other = newUser('Other User');
  const busyModel = await readyModel(busy);
  const otherModel = await readyModel(other);
  // The first generation loads the engine's models: not part of either figure.
  await generationSeconds(other, otherModel);
  const idle: number[] = [];
  for (let run = 0; run < RUNS; run += 1) idle.push(await generationSeconds(other, otherModel));

  // The backlog: copies of one generation the API queued for the busy user.
  const db = openDatabase({ kind: 'sqlite', file: join(dataDir, 'studio.sqlite') });
  const seed = await call(busy, 'POST', '/api/generate/text-to-image', {
    prompt: 'a portrait at the beach',
    model_ids: [busyModel],
  });
  const row = await db
    .selectFrom('jobs')
    .selectAll()
    .where('id', '=', seed.id as string)
    .executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  await db
    .insertInto('jobs')
    .values(
      Array.from({ length: BACKLOG - 1 }, () => ({
        id: randomUUID(),
        user_id: row.user_id,
        kind: 'generate',
        status: 'queued',
        model_id: row.model_id,
        input: row.input,
        run_after: now,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
  const succeeded = async () =>
    (
      await db
        .selectFrom('jobs')
        .select((eb) => eb.fn.countAll<number>().as('done'))
        .where('user_id', '=', row.user_id)
        .where('status', '=', 'succeeded')
        .executeTakeFirstOrThrow()
    ).done;
  const backlogDone = await succeeded();

  const busyQueue: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    busyQueue.push(await generationSeconds(other, otherModel));
  }
  const ranMeanwhile = (await succeeded()) - backlogDone;
  const list = (values: number[]) => values.map((seconds) => seconds.toFixed(1)).join(', ');
  console.log(
    `one generation of one user (load: ${loadAverage()}): idle queue ${median(idle).toFixed(1)} s ` +
      `(${list(idle)}); with another user's ${BACKLOG} queued ${median(busyQueue).toFixed(1)} s ` +
      `(${list(busyQueue)}) = ${(median(busyQueue) / median(idle)).toFixed(2)}x idle; ` +
      `${ranMeanwhile} of the backlog finished meanwhile`,
  );
  await db.destroy();
} finally {
  await api.stop();
  await issuer.close();
  await removeDir(dataDir);
}
