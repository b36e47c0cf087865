/**
 * What one face check costs the face thread, with and without descriptors: the 14 test
 * portraits (decoded at ≤ 640 px as the checks decode them) through a fresh `FaceWorker`, as an
 * uploaded photo's check (boxes and landmarks) and as a training's review (descriptors too),
 * the two alternating ROUNDS times. Per run: the first call (thread start, the face nets
 * loaded, and with descriptors the recognition net too), the median CPU time and wall time of a check after it (the process's CPU,
 * every thread, while this thread only waits), and the process's peak RSS growth, sampled from
 * /proc every 25 ms (the thread's heap, given back when it ends).
 * Run: cd api && node --import tsx ../bench/face-check.ts   (ROUNDS=2 PASSES=2)
 */
import { readFileSync } from 'node:fs';
import { decodeForAnalysis } from '../api/src/engines/cpu/decode';
import type { RgbImage } from '../api/src/engines/cpu/face-api';
import { FaceWorker } from '../api/src/engines/cpu/face-worker';
import { facePhotoPaths } from '../api/test/support/images';
import { loadAverage, median, rssMb, sampleRss } from './support/api-process';

const ROUNDS = Number(process.env.ROUNDS ?? 2);
/** Times each photo is checked per run (the heap grows on the first calls, then stays flat). */
const PASSES = Number(process.env.PASSES ?? 2);

const images: RgbImage[] = [];
for (const path of facePhotoPaths()) {
  images.push((await decodeForAnalysis(readFileSync(path))).image);
}
console.log(`${images.length} test photos, ${PASSES} passes a run (load: ${loadAverage()})`);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const cpuNow = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

async function run(mode: 'landmarks' | 'descriptors') {
  await sleep(1000);
  const before = rssMb(process.pid);
  const sampler = sampleRss(process.pid);
  const faces = new FaceWorker();
  const analyse = (image: RgbImage) =>
    mode === 'landmarks' ? faces.detect(image) : faces.describe(image);
  try {
    let started = performance.now();
    await analyse(images[0]!);
    const firstMs = performance.now() - started;
    const cpu: number[] = [];
    const wall: number[] = [];
    for (let pass = 0; pass < PASSES; pass += 1) {
      for (const image of images) {
        const cpuBefore = cpuNow();
        started = performance.now();
        await analyse(image);
        wall.push(performance.now() - started);
        cpu.push(cpuNow() - cpuBefore);
      }
    }
    const { peak } = sampler.stop();
    console.log(
      `${mode.padEnd(11)}: first call ${firstMs.toFixed(0)} ms; a check ${median(cpu).toFixed(0)} ms CPU, ` +
        `${median(wall).toFixed(0)} ms wall (medians of ${cpu.length}); RSS ${before.toFixed(0)} MB before, ` +
        `peak +${(peak - before).toFixed(0)} MB (load: ${loadAverage()})`,
    );
  } finally {
    sampler.stop();
    await faces.close();
  }
}

for (let round = 0; round < ROUNDS; round += 1) {
  await run('landmarks');
  await run('descriptors');
}
