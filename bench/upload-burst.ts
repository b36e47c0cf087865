/**
 * 50 photos of ~9.5 MB (24 MP) PUT to their upload targets all at once, as several phones (or one
 * uploader without a concurrency limit) would send them, to the api as `pnpm start` runs it.
 * Each request is timed from its start to its answer; one answered 503 (the image pipeline's
 * queue was too long to answer in time) is sent again after its Retry-After, as the shared
 * upload queue does. Prints the longest single request, how many took longer than the clients'
 * 30 s timeout, the answers other than 200 by status, and the time until every photo was stored.
 * Run: cd api && node --import tsx ../bench/upload-burst.ts   (PHOTOS=50)
 */
import { API_TIMEOUT_MS } from '../shared/src/spec/constants';
import { makeTempDir, removeDir } from '../api/test/helpers';
import { newUser, TestIssuer } from '../api/test/support/tokens';
import { loadAverage, startApi } from './support/api-process';
import { largePhotos } from './support/large-photos';

const COUNT = Number(process.env.PHOTOS ?? 50);
const PORT = Number(process.env.BENCH_PORT ?? 5421);
/** The api hands out at most this many targets per request (spec: 20 photos per model). */
const TARGETS_PER_REQUEST = 20;

const photos = await largePhotos(COUNT);
const issuer = await TestIssuer.start();
const dataDir = await makeTempDir();
const user = newUser('Burst User');
const token = await issuer.idToken(user, { expiresIn: 4 * 3600 });
const api = await startApi(PORT, {
  DATA_DIR: dataDir,
  WRITE_RATE_LIMIT_PER_MINUTE: '10000',
  ...issuer.env,
});
const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

try {
  const targets: string[] = [];
  for (let start = 0; start < COUNT; start += TARGETS_PER_REQUEST) {
    const files = photos
      .slice(start, start + TARGETS_PER_REQUEST)
      .map((_, index) => ({ filename: `burst-${start + index}.jpg`, contentType: 'image/jpeg' }));
    const response = await fetch(`${api.url}/api/media/presigned-urls`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ files }),
    });
    const answer = (await response.json()) as { presignedUrl: string }[];
    targets.push(...answer.map((target) => target.presignedUrl));
  }

  const requestMs: number[] = [];
  const statuses = new Map<number | string, number>();
  const started = performance.now();
  await Promise.all(
    targets.map(async (url, index) => {
      for (;;) {
        const sent = performance.now();
        const response = await fetch(url, {
          method: 'PUT',
          headers: { 'content-type': 'image/jpeg' },
          body: photos[index],
        }).catch(() => undefined);
        await response?.arrayBuffer();
        requestMs.push(performance.now() - sent);
        if (response?.status === 200) return;
        const outcome = response?.status ?? 'no answer';
        statuses.set(outcome, (statuses.get(outcome) ?? 0) + 1);
        // 503: the pipeline's queue was full; anything else (a 408 when the machine is too
        // busy to read the bodies) is sent again as a user's retry would.
        const seconds = Number(response?.headers.get('retry-after') ?? 1);
        await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
      }
    }),
  );
  const totalS = (performance.now() - started) / 1000;
  const longest = Math.max(...requestMs) / 1000;
  const late = requestMs.filter((ms) => ms > API_TIMEOUT_MS).length;
  console.log(
    `${COUNT} photos (${(photos[0]!.length / 1024 / 1024).toFixed(1)} MB) at once ` +
      `(load: ${loadAverage()}): all stored in ${totalS.toFixed(1)} s; ` +
      `${requestMs.length} requests, longest ${longest.toFixed(1)} s, ` +
      `${late} over the clients' ${API_TIMEOUT_MS / 1000} s; sent again after ` +
      (JSON.stringify(Object.fromEntries(statuses)) || 'none'),
  );
} finally {
  await api.stop();
  await issuer.close();
  await removeDir(dataDir);
}
