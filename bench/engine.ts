/**
 * Built-in CPU engine figures on the shared test portraits: training, generation, identity, edit.
 * Run: cd api && node --import tsx ../bench/engine.ts   (FACES_DIR overrides the photo folder)
 * Prints figures only; pass/fail checks live in the tests, never timings.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CpuEngine, modelKey } from '../api/src/engines/cpu/cpu-engine';
import { deserializeModel, sampleCoefficients } from '../api/src/engines/cpu/appearance-model';
import { OUTPUT_SIZES } from '../api/src/engines/cpu/compose';
import { decodeForAnalysis, decodeUpright, encodePng } from '../api/src/engines/cpu/decode';
import { descriptorDistance, detectFaces, loadFaceApi } from '../api/src/engines/cpu/face-api';
import { readAll } from '../api/src/engines/read-all';
import { phoneSizedVariants } from '../api/test/support/phone-photos';
import { LocalStorage } from '../api/src/storage/local-storage';
import { bandRadius, dilatedMask, pushPullFill } from '../api/src/engines/cpu/inpaint';

const FACES_DIR = process.env.FACES_DIR ?? join(import.meta.dirname, '..', 'testdata', 'faces');
const photosOf = (subject: string) =>
  readdirSync(join(FACES_DIR, subject))
    .filter((name) => name.endsWith('.jpg'))
    .sort()
    .map((name) => ({
      id: `${subject}/${name}`,
      filename: name,
      data: readFileSync(join(FACES_DIR, subject, name)),
    }));

const context = { signal: new AbortController().signal, onProgress: () => undefined };
const ms = (start: number) => `${Math.round(performance.now() - start)} ms`;

async function descriptorOf(image: Buffer): Promise<Float32Array | undefined> {
  const { image: rgb } = await decodeForAnalysis(image);
  return (await detectFaces(rgb))[0]?.descriptor;
}

const dir = await mkdtemp(join(tmpdir(), 'engine-bench-'));
try {
  const storage = new LocalStorage(dir, 'bench-secret');
  const engine = new CpuEngine(storage);
  let start = performance.now();
  await loadFaceApi();
  console.log(`face-api + wasm backend + models loaded: ${ms(start)}`);

  const lisa = photosOf('lisa_debruine');
  const training = lisa.slice(0, 6);
  const heldOut = lisa.slice(6);
  start = performance.now();
  const { photoIssues } = await engine.train(
    { userId: 'bench', modelId: 'lisa', triggerWord: 'lisa', photos: training },
    context,
  );
  const trainMs = performance.now() - start;
  console.log(
    `train on ${training.length} photos: ${Math.round(trainMs)} ms; unusable: ${photoIssues.length}`,
  );

  // The issue's bar is 20 photos in <= 60 s. The shared set has 8 photos of one person (2 held
  // out), so the 20 are made from the 6 training photos the way phones deliver them: 12 MP JPEGs
  // (decoding them is a real part of the cost), as taken, mirrored, reframed and re-exposed.
  const phonePhotos = await phoneSizedVariants(training, 20);
  start = performance.now();
  const twenty = await engine.train(
    { userId: 'bench', modelId: 'lisa-20', triggerWord: 'lisa', photos: phonePhotos },
    context,
  );
  const megabytes = phonePhotos.reduce((sum, photo) => sum + photo.data.length, 0) / 2 ** 20;
  console.log(
    `train on 20 photos of 3024x4032 (${megabytes.toFixed(1)} MB of JPEG): ${ms(start)}; unusable: ${twenty.photoIssues.map((issue) => `${issue.filename} ${issue.problem}`).join(', ') || 'none'}`,
  );

  const model = deserializeModel(
    await readAll((await storage.read(modelKey('bench', 'lisa')))!.stream),
  );
  console.log(`model: ${model.pca.components.length} components of ${model.pca.dimensions} values`);

  const heldOutDescriptors = (
    await Promise.all(heldOut.map((photo) => descriptorOf(photo.data)))
  ).flatMap((d) => (d ? [d] : []));
  const others = [...photosOf('frl_london_004'), ...photosOf('frl_london_005')];
  const otherDescriptors = (
    await Promise.all(others.map((photo) => descriptorOf(photo.data)))
  ).flatMap((d) => (d ? [d] : []));

  const SAMPLES = 12;
  let sameAsHeldOut = 0;
  let differentFromOthers = 0;
  let withFace = 0;
  const times: number[] = [];
  for (let seed = 1; seed <= SAMPLES; seed += 1) {
    const ratios = Object.keys(OUTPUT_SIZES) as (keyof typeof OUTPUT_SIZES)[];
    const aspectRatio = ratios[seed % ratios.length]!;
    start = performance.now();
    const image = await engine.generate(
      { userId: 'bench', prompt: 'portrait', aspectRatio, modelIds: ['lisa'], seed },
      context,
    );
    times.push(performance.now() - start);
    const descriptor = await descriptorOf(image.data);
    if (!descriptor) continue;
    withFace += 1;
    const toHeldOut = Math.min(...heldOutDescriptors.map((d) => descriptorDistance(descriptor, d)));
    const toOthers = Math.min(...otherDescriptors.map((d) => descriptorDistance(descriptor, d)));
    if (toHeldOut < 0.6) sameAsHeldOut += 1;
    if (toOthers >= 0.6) differentFromOthers += 1;
  }
  const sorted = [...times].sort((a, b) => a - b);
  console.log(
    `generate (incl. identity score): median ${Math.round(sorted[sorted.length >> 1]!)} ms, max ${Math.round(sorted[sorted.length - 1]!)} ms over ${SAMPLES} images, every aspect ratio`,
  );
  console.log(`samples with a detected face: ${withFace}/${SAMPLES}`);
  console.log(`same person as held-out photos (distance < 0.6): ${sameAsHeldOut}/${SAMPLES}`);
  console.log(`different from other subjects (distance >= 0.6): ${differentFromOthers}/${SAMPLES}`);

  // Near copies: a sample's distance to its nearest training face in model space, against how
  // far apart the training faces themselves are.
  const nearest = (point: number[], among: number[][]) =>
    Math.min(
      ...among
        .filter((other) => other !== point)
        .map((other) => Math.hypot(...point.map((v, k) => v - other[k]!))),
    );
  const spacing = model.trainingCoefficients.map((point) =>
    nearest(point, model.trainingCoefficients),
  );
  const sampleSpacing = Array.from({ length: SAMPLES }, (_, index) =>
    nearest(sampleCoefficients(model, index + 1, 0.6), model.trainingCoefficients),
  );
  console.log(
    `nearest training face: samples ${Math.round(Math.min(...sampleSpacing))}-${Math.round(Math.max(...sampleSpacing))}, training faces to each other ${Math.round(Math.min(...spacing))}-${Math.round(Math.max(...spacing))} (model units)`,
  );
  // Edit: hide the eyes of each held-out photo, compare the engine's fill with the classical one.
  for (const photo of heldOut) {
    const { image, scale } = await decodeForAnalysis(photo.data);
    const eyes = (await detectFaces(image))[0]!.landmarks.slice(36, 48);
    const xs = eyes.map((p) => p.x * scale);
    const ys = eyes.map((p) => p.y * scale);
    const pad = (Math.max(...xs) - Math.min(...xs)) * 0.15;
    const [left, top] = [Math.round(Math.min(...xs) - pad), Math.round(Math.min(...ys) - pad)];
    const box = {
      width: Math.round(Math.max(...xs) + pad) - left,
      height: Math.round(Math.max(...ys) + pad) - top,
    };
    const upright = await decodeUpright(photo.data);
    const { width, height } = upright;
    const maskPixels = new Uint8Array(width * height * 3);
    for (let y = top; y < top + box.height; y += 1) {
      maskPixels.fill(255, (y * width + left) * 3, (y * width + left + box.width) * 3);
    }
    const mask = await encodePng({ data: maskPixels, width, height });
    start = performance.now();
    const edited = await engine.edit(
      {
        userId: 'bench',
        prompt: '',
        aspectRatio: '1:1',
        modelIds: ['lisa'],
        seed: 1,
        image: photo.data,
        mask,
      },
      context,
    );
    const editMs = ms(start);
    const after = (await decodeUpright(edited.data)).data;
    const band = await dilatedMask(mask, width, height, bandRadius(width, height));
    const original = upright.data;
    const baseline = pushPullFill({ data: original, width, height }, band).data;
    const rmse = (candidate: Uint8Array) => {
      let sum = 0;
      let count = 0;
      band.forEach((hidden, at) => {
        if (!hidden) return;
        for (let c = 0; c < 3; c += 1) sum += (candidate[at * 3 + c]! - original[at * 3 + c]!) ** 2;
        count += 3;
      });
      return Math.sqrt(sum / count);
    };
    const learned = rmse(after);
    const classical = rmse(baseline);
    console.log(
      `edit ${photo.id} (${width}x${height}, eyes hidden): ${editMs}; masked RMSE learned ${learned.toFixed(1)} vs classical fill ${classical.toFixed(1)} (${Math.round((1 - learned / classical) * 100)} % lower); identity score ${edited.identityScore}`,
    );
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
