/**
 * The api's resident memory while 20 photos of ~9.5 MB (24 MP) arrive: through presigned upload
 * targets, one at a time as the uploader sends them, and as one base64 POST /media/upload.
 * Each way in a fresh api process (as `pnpm start` runs it); RSS sampled from /proc every 25 ms
 * (the whole process: every thread, the face-analysis thread included): the baseline before, the
 * peak, what is left 10 s after the last answer, and once more after the face thread's idle
 * time. The presigned run lasts until every photo's face check has ended (each training upload
 * queues one), so the figures include what those checks cost, and the time and the api's CPU
 * time (every thread, from /proc) per photo from the first upload to the last check's end.
 * Run: cd api && node --import tsx ../bench/upload-memory.ts   (PHOTOS=20)
 */
import { FACE_THREAD_IDLE_MS } from '../api/src/engines/cpu/face-worker';
import { makeTempDir, removeDir } from '../api/test/helpers';
import { newUser, TestIssuer } from '../api/test/support/tokens';
import { cpuMs, loadAverage, median, rssMb, sampleRss, startApi } from './support/api-process';
import { largePhotos } from './support/large-photos';
import { seedGallery } from './support/seed';

const COUNT = Number(process.env.PHOTOS ?? 20);
const PORT = Number(process.env.BENCH_PORT ?? 5420);
const SETTLE_MS = 10_000;

const photos = await largePhotos(COUNT);
const megabytes = photos.reduce((sum, photo) => sum + photo.length, 0) / 1024 / 1024;
console.log(
  `${COUNT} photos, ${(megabytes / COUNT).toFixed(1)} MB each on average (load: ${loadAverage()})`,
);
const issuer = await TestIssuer.start();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function withApi(
  label: string,
  upload: (url: string, auth: Record<string, string>) => Promise<string>,
) {
  const dataDir = await makeTempDir();
  const user = newUser('Bench User');
  await seedGallery(dataDir, user, 0);
  const token = await issuer.idToken(user, { expiresIn: 4 * 3600 });
  const api = await startApi(PORT, { DATA_DIR: dataDir, ...issuer.env });
  const auth = { authorization: `Bearer ${token}` };
  try {
    await fetch(`${api.url}/api/user`, { headers: auth }).then((response) => response.text());
    await sleep(1000);
    const pid = api.child.pid!;
    const before = median(
      await Promise.all(
        Array.from({ length: 5 }, (_, index) => sleep(index * 100).then(() => rssMb(pid))),
      ),
    );
    const sampler = sampleRss(pid);
    const started = performance.now();
    const cpuBefore = cpuMs(pid);
    const outcome = await upload(api.url, auth);
    const seconds = (performance.now() - started) / 1000;
    const perPhoto = (ms: number) => (ms / COUNT).toFixed(0);
    const cpu = cpuMs(pid) - cpuBefore;
    await sleep(SETTLE_MS);
    const settled = rssMb(pid);
    await sleep(FACE_THREAD_IDLE_MS);
    const { peak, last } = sampler.stop();
    const growth = (mb: number) => `${mb.toFixed(0)} MB (+${(mb - before).toFixed(0)})`;
    console.log(
      `${label}: ${outcome} in ${seconds.toFixed(1)} s (${perPhoto(seconds * 1000)} ms, ` +
        `api CPU ${perPhoto(cpu)} ms per photo); RSS ${before.toFixed(0)} MB before, ` +
        `peak ${growth(peak)}, ${growth(settled)} ${SETTLE_MS / 1000} s after, ` +
        `${growth(last)} ${(SETTLE_MS + FACE_THREAD_IDLE_MS) / 1000} s after`,
    );
  } finally {
    await api.stop();
    await removeDir(dataDir);
  }
}

/** Waits until no training photo's face check is pending; what the checks found, counted. */
async function checksEnded(url: string, auth: Record<string, string>, count: number) {
  for (;;) {
    const { items } = (await fetch(`${url}/api/media?type=training&limit=${count}`, {
      headers: auth,
    }).then((response) => response.json())) as { items: { photoCheck: string | null }[] };
    const checks = items.map((item) => item.photoCheck ?? 'not checked');
    if (checks.length === count && !checks.includes('pending')) {
      const found = new Map<string, number>();
      for (const check of checks) found.set(check, (found.get(check) ?? 0) + 1);
      return `checked: ${[...found].map(([check, n]) => `${n} ${check}`).join(', ')}`;
    }
    await sleep(250);
  }
}

try {
  await withApi('presigned, one at a time', async (url, auth) => {
    const targets = (await fetch(`${url}/api/media/presigned-urls`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({
        files: photos.map((_, index) => ({
          filename: `photo-${index}.jpg`,
          contentType: 'image/jpeg',
        })),
      }),
    }).then((response) => response.json())) as { presignedUrl: string }[];
    for (const [index, target] of targets.entries()) {
      const response = await fetch(target.presignedUrl, {
        method: 'PUT',
        headers: { 'content-type': 'image/jpeg' },
        body: photos[index],
      });
      await response.text();
      if (response.status !== 200) throw new Error(`PUT answered ${response.status}`);
    }
    return `${targets.length} stored, ${await checksEnded(url, auth, targets.length)}`;
  });

  await withApi('base64, one POST', async (url, auth) => {
    const body = JSON.stringify({
      photos: photos.map((photo, index) => ({
        imageBase64: `data:image/jpeg;base64,${photo.toString('base64')}`,
        filename: `photo-${index}.jpg`,
        contentType: 'image/jpeg',
        caption: '',
      })),
    });
    const response = await fetch(`${url}/api/media/upload`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body,
    });
    const answer = (await response.json()) as { items?: unknown[]; message?: string };
    return response.status === 200
      ? `${answer.items?.length} stored`
      : `answered ${response.status} "${answer.message}"`;
  });
} finally {
  await issuer.close();
}
