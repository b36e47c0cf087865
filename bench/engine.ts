/**
 * Built-in CPU engine figures on the repository's test portraits: training, generation (time,
 * face found and matched to the person), edits (masked-region error and seam score of the fill
 * against the push-pull fill and the previous engine's fill; time, 12 MP included), and the memory
 * the engine's thread takes (started by one image; a 12 MP edit).
 * Run: cd api && node --import tsx ../bench/engine.ts   (FACES_DIR overrides the photo folder)
 * Prints figures only; pass/fail checks live in the tests, never timings. The pictures it makes
 * go to bench/output/engine/ (BENCH_OUTPUT overrides), which git ignores: look at them.
 * BENCH_ONLY=edits runs only the edits of the held-out photos (and the training they need);
 * BENCH_ONLY=batch only a batch of 4 against one image (and the training it needs).
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { EDIT_MASK_LIMITS, EDIT_MASK_TEXT, editMaskProblem } from '../shared/src/spec/edit-mask';
import { editFaces } from '../api/src/engines/edit-faces';
import { alignFace } from '../api/src/engines/cpu/align-face';
import { deserializeModel, sampleCoefficients } from '../api/src/engines/cpu/appearance-model';
import { CpuEngine, modelKey } from '../api/src/engines/cpu/cpu-engine';
import { ThreadedCpuEngine } from '../api/src/engines/cpu/threaded-cpu-engine';
import type { EditRequest, GenerateRequest } from '../api/src/engines/engine';
import { OUTPUT_SIZES } from '../api/src/engines/cpu/layout';
import { decodeForAnalysis, decodeUpright, encodePng } from '../api/src/engines/cpu/decode';
import { describeFaces, descriptorDistance, detectFaces } from '../api/src/engines/cpu/face-api';
import { fitHiddenFace, hiddenInFrame } from '../api/src/engines/cpu/face-fill';
import { bandRadius, dilatedMask, pushPullFill } from '../api/src/engines/cpu/inpaint';
import { pickPortrait } from '../api/src/engines/cpu/portraits';
import { seedOf } from '../api/src/services/job-runners';
import { readAll } from '../api/src/engines/read-all';
import { LocalStorage } from '../api/src/storage/local-storage';
import {
  boundaryStepRatio,
  maskedRmse,
  outlineEdgeKept,
  seamEnergy,
} from '../api/test/support/fill-measures';
import { boxAround, rectanglesMask } from '../api/test/support/masks';
import { phoneSizedVariants } from '../api/test/support/phone-photos';
import { LABELLED, labelledFrame, matteScores } from '../api/test/support/matte-measures';
import { personMatte } from '../api/src/engines/cpu/person-matte';
import { grabCutMatte as previousMatte } from '../api/src/engines/cpu/grabcut-matte';
import { previousFill } from './previous-fill';
import { rssMb, sampleRss } from './support/api-process';

const FACES_DIR = process.env.FACES_DIR ?? join(import.meta.dirname, '..', 'testdata', 'faces');
/** BENCH_ONLY=edits or batch trains the one model they need and runs only those. */
const EDITS_ONLY = process.env.BENCH_ONLY === 'edits';
const BATCH_ONLY = process.env.BENCH_ONLY === 'batch';
const EVERYTHING = !EDITS_ONLY && !BATCH_ONLY;
const OUTPUT = process.env.BENCH_OUTPUT ?? join(import.meta.dirname, 'output', 'engine');
mkdirSync(OUTPUT, { recursive: true });

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
const round = (value: number) => Math.round(value);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

/** Wall and CPU milliseconds of one call (CPU counts every thread of this process). */
async function timed<T>(run: () => Promise<T>): Promise<{ result: T; wall: number; cpu: number }> {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const result = await run();
  const used = process.cpuUsage(cpu);
  return { result, wall: performance.now() - start, cpu: (used.user + used.system) / 1000 };
}

async function descriptorOf(image: Buffer): Promise<Float32Array | undefined> {
  const { image: rgb } = await decodeForAnalysis(image);
  return (await describeFaces(rgb))[0]?.descriptor;
}

/** Images in rows of `perRow`, each 240 px high with its distance to the held-out photos. */
async function contactSheet(
  images: { png: Buffer; distance: number | undefined }[],
  perRow: number,
): Promise<Buffer> {
  const HEIGHT = 240;
  const tiles = await Promise.all(
    images.map(async ({ png, distance }) => {
      const label = distance === undefined ? 'no face' : distance.toFixed(2);
      const tile = await sharp(png)
        .resize({ height: HEIGHT })
        .png()
        .toBuffer({ resolveWithObject: true });
      const text = Buffer.from(
        `<svg width="${tile.info.width}" height="28"><rect width="100%" height="28" fill="black" opacity="0.6"/><text x="6" y="20" font-size="18" fill="white" font-family="sans-serif">${label}</text></svg>`,
      );
      return {
        data: await sharp(tile.data)
          .composite([{ input: text, top: 0, left: 0 }])
          .png()
          .toBuffer(),
        width: tile.info.width,
      };
    }),
  );
  const rows = Math.ceil(tiles.length / perRow);
  const rowWidths = Array.from({ length: rows }, (_, row) =>
    tiles.slice(row * perRow, (row + 1) * perRow).reduce((sum, tile) => sum + tile.width, 0),
  );
  const composites = tiles.map((tile, index) => {
    const row = Math.floor(index / perRow);
    const left = tiles
      .slice(row * perRow, index)
      .reduce((sum, previous) => sum + previous.width, 0);
    return { input: tile.data, top: row * HEIGHT, left };
  });
  return sharp({
    create: {
      width: Math.max(...rowWidths),
      height: rows * HEIGHT,
      channels: 3,
      background: { r: 255, g: 255, b: 255 },
    },
  })
    .composite(composites)
    .png()
    .toBuffer();
}

type Landmarks = Awaited<ReturnType<typeof landmarksOf>>;

/**
 * Masks for the face rule's measure, as boxes around a face's landmarks or around the middle of
 * its head's outline, the top of the head (`EditFace.headOutline`, in pixels; none when the photo
 * does not show it).
 */
type FaceMask = (lm: Landmarks, headOutline: Landmarks) => number[] | undefined;
const FACE_MASKS: Record<string, FaceMask> = {
  'inside the cheek': (lm) => boxAround([lm[31]!, lm[48]!], 0),
  'eyes hidden': (lm) => boxAround(lm.slice(36, 48), 0.15),
  'across the cheek edge': (lm) => boxAround(lm.slice(1, 5), 0.6),
  'across the jaw': (lm) => boxAround(lm.slice(10, 14), 0.4),
  'across the chin': (lm) => boxAround(lm.slice(6, 11), 0.1),
  'across the top of the head': (_, outline) =>
    outline.length > 20 ? boxAround(outline.slice(12, 21), 0.3) : undefined,
};

const ruleName = (problem: string | null) =>
  Object.entries(EDIT_MASK_TEXT).find(([, text]) => text === problem)?.[0] ?? 'accepted';

async function landmarksOf(photo: Buffer) {
  const { image, scale } = await decodeForAnalysis(photo);
  const [face] = await detectFaces(image);
  return face!.landmarks.map(({ x, y }) => ({ x: x * scale, y: y * scale }));
}

/**
 * This process's peak resident memory while `run` works in the engine's threads, over what it
 * held before: the main thread only waits meanwhile, so the sampler's timer keeps firing.
 */
async function threadMemory(run: () => Promise<unknown>): Promise<string> {
  const before = rssMb(process.pid);
  const sampler = sampleRss(process.pid);
  let peak: number;
  try {
    await run();
  } finally {
    // Before counts too: a run shorter than the sampler's interval leaves no sample.
    peak = Math.max(before, sampler.stop().peak);
  }
  return `peak RSS ${round(peak)} MB, +${round(peak - before)} MB over the ${round(before)} MB before`;
}

/**
 * A batch of 4 as the product makes it: the job runner's call (`generateMany`) on the engine's
 * own thread, against one image through the same thread; the packs issue's goal is <= 2x. The
 * first call starts the thread and its face thread and is not counted.
 */
async function batchAgainstOne(dataDir: string): Promise<void> {
  const threaded = new ThreadedCpuEngine({ dataDir, urlSigningSecret: 'bench-secret' });
  const request: Omit<GenerateRequest, 'seed'> = {
    userId: 'bench',
    modelIds: ['lisa'],
    prompt: 'lisa, studio portrait',
    aspectRatio: '1:1',
  };
  try {
    const memory = await threadMemory(() => threaded.generate({ ...request, seed: 11 }, context));
    console.log(`engine thread and its face thread, started by one image: ${memory}`);
    for (let run = 1; run <= 2; run += 1) {
      const one = await timed(() => threaded.generate({ ...request, seed: 20 + run }, context));
      const batch = await timed(() =>
        threaded.generateMany({ ...request, seed: 30 + 4 * run }, 4, context),
      );
      console.log(
        `a batch of 4 against one image (run ${run}): ${round(batch.wall)} ms against ${round(one.wall)} ms wall (${(batch.wall / one.wall).toFixed(2)}x); CPU of every thread ${round(batch.cpu)} against ${round(one.cpu)} ms`,
      );
    }
  } finally {
    await threaded.close();
  }
}

const uptime = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
console.log(`load average at start: ${uptime()} (2 cores; other work shares them)`);

const dir = await mkdtemp(join(tmpdir(), 'engine-bench-'));
try {
  const storage = new LocalStorage(dir, 'bench-secret');
  const engine = new CpuEngine(storage);
  /** Every bench edit: the person's model, an empty prompt and one seed. */
  const editRequest = (image: Buffer, mask: Buffer): EditRequest => ({
    userId: 'bench',
    prompt: '',
    aspectRatio: '1:1',
    modelIds: ['lisa'],
    seed: 1,
    image,
    mask,
  });
  const editOf = (image: Buffer, mask: Buffer) => engine.edit(editRequest(image, mask), context);
  if (EVERYTHING) {
    // First, while the process's peak memory is still its own: the built-in engine's 2x download
    // (a resample) of a 1024-pixel generated image.
    const lisaFirst = photosOf('lisa_debruine')[0]!.data;
    const square = await sharp(lisaFirst).rotate().resize(1024, 1024).png().toBuffer();
    const peakBefore = process.resourceUsage().maxRSS;
    const enlarged = await timed(() => engine.enlarge(square, context));
    const { width: enlargedWidth } = await sharp(enlarged.result).metadata();
    console.log(
      `enlarge (built-in HD download) of a 1024x1024 PNG to ${enlargedWidth} px: ${round(enlarged.wall)} ms wall, ${round(enlarged.cpu)} ms CPU; peak RSS ${round(process.resourceUsage().maxRSS / 1024)} MB (+${round((process.resourceUsage().maxRSS - peakBefore) / 1024)} MB)`,
    );
  }
  // The first call starts the face thread, which loads the face nets; the first descriptor of a
  // face loads the recognition net.
  const lisa = photosOf('lisa_debruine');
  if (EVERYTHING) {
    const { image: face } = await decodeForAnalysis(lisa[0]!.data);
    const loading = await timed(() => detectFaces(face));
    const recognition = await timed(() => describeFaces(face));
    console.log(
      `face thread + face nets loaded: ${round(loading.wall)} ms; ` +
        `+ the recognition net: ${round(recognition.wall)} ms`,
    );

    // The person matte against the hand-labelled masks (testdata/SOURCES.md), in the portrait
    // frame: GrabCut seeded by the landmarks (grabcut-matte.ts, which edits still use) and the
    // segmentation network's.
    const scores: { old: ReturnType<typeof matteScores>; now: ReturnType<typeof matteScores> }[] =
      [];
    const matteTimes: number[] = [];
    for (const { photo, mask } of LABELLED) {
      const { photo: decoded, framed, truth } = await labelledFrame(photo, mask);
      const old = matteScores(
        previousMatte(framed.image, framed.inside, framed.landmarks),
        truth,
        framed.inside,
      );
      const matte = await timed(() => personMatte(decoded, framed));
      matteTimes.push(matte.wall);
      scores.push({ old, now: matteScores(matte.result, truth, framed.inside) });
    }
    const meanOf = (pick: (entry: (typeof scores)[number]) => number) =>
      (scores.reduce((sum, entry) => sum + pick(entry), 0) / scores.length).toFixed(3);
    console.log(
      `person matte on ${scores.length} hand-labelled photos: mean IoU old ${meanOf((e) => e.old.iou)} / new ${meanOf((e) => e.now.iou)}; boundary F old ${meanOf((e) => e.old.boundaryF)} / new ${meanOf((e) => e.now.boundaryF)}; new matte ${round(median(matteTimes))} ms median`,
    );
  }

  const training = lisa.slice(0, 6);
  const heldOut = lisa.slice(6);
  const trained = await timed(() =>
    engine.train(
      { userId: 'bench', modelId: 'lisa', triggerWord: 'lisa', photos: training },
      context,
    ),
  );
  console.log(
    `train on ${training.length} photos: ${round(trained.wall)} ms wall, ${round(trained.cpu)} ms CPU; unusable: ${trained.result.photoIssues.length}`,
  );

  if (EVERYTHING) {
    // The shared set has 8 photos of one person (2 held out), so the 20 phone photos are made from
    // the 6 training photos the way phones deliver them: 12 MP JPEGs, as taken, mirrored,
    // reframed and re-exposed.
    const phonePhotos = await phoneSizedVariants(training, 20);
    const twenty = await timed(() =>
      engine.train(
        { userId: 'bench', modelId: 'lisa-20', triggerWord: 'lisa', photos: phonePhotos },
        context,
      ),
    );
    console.log(
      `train on 20 photos of 3024x4032: ${round(twenty.wall)} ms wall, ${round(twenty.cpu)} ms CPU; unusable: ${twenty.result.photoIssues.map((issue) => issue.filename).join(', ') || 'none'}`,
    );
  }

  const model = deserializeModel(
    await readAll((await storage.read(modelKey('bench', 'lisa')))!.stream),
  );
  console.log(
    `model: ${model.pca.components.length} components of ${model.pca.dimensions} values; ${model.portraits.length} portraits (weights ${model.portraits.map((p) => p.weight.toFixed(2)).join(', ')})`,
  );

  if (EVERYTHING) {
    // Variety: the lead photo of 12 consecutive seeds, and of 12 job seeds (hashed job ids).
    const leadsOf = (seeds: number[]) =>
      new Set(seeds.map((seed) => pickPortrait(model.portraits, seed).training)).size;
    const consecutive = Array.from({ length: 12 }, (_, k) => k + 1);
    const jobSeeds = consecutive.map(() => seedOf(randomUUID()));
    console.log(
      `distinct lead photos over 12 seeds: ${leadsOf(consecutive)} consecutive, ${leadsOf(jobSeeds)} job seeds (of ${model.portraits.length} usable photos)`,
    );

    const heldOutDescriptors = (
      await Promise.all(heldOut.map((p) => descriptorOf(p.data)))
    ).flatMap((d) => (d ? [d] : []));
    const others = [...photosOf('frl_london_004'), ...photosOf('frl_london_005')];
    const otherDescriptors = (await Promise.all(others.map((p) => descriptorOf(p.data)))).flatMap(
      (d) => (d ? [d] : []),
    );

    // Generations: every aspect ratio at two seeds, and a likeness sheet of 12 prompts x 3 ratios
    // (each face against the person's held-out photos: the goal is every one within 0.5).
    const PROMPTS = [
      'portrait of lisa',
      'astronaut on the moon',
      'a cat',
      'bicycle in Paris',
      'red dragon over a castle',
      'black and white vintage photo',
      'warm sunset at the beach',
      'dramatic studio portrait, dark',
      'cozy home, soft light',
      'snowy mountain, natural',
      'corporate headshot, office',
      'night city bokeh',
    ];
    const SHEET_RATIOS = ['1:1', '4:5', '16:9'] as const;
    const ratios = Object.keys(OUTPUT_SIZES) as (keyof typeof OUTPUT_SIZES)[];
    const requests: {
      prompt: string;
      aspectRatio: (typeof ratios)[number];
      seed: number;
      file?: string;
    }[] = [
      ...ratios
        .map((value) => [
          {
            prompt: 'portrait of lisa',
            aspectRatio: value,
            seed: 1,
            file: `ratio-${value.replace(':', 'x')}.png`,
          },
          { prompt: 'portrait of lisa', aspectRatio: value, seed: 2 },
        ])
        .flat(),
      ...SHEET_RATIOS.flatMap((aspectRatio) =>
        PROMPTS.map((prompt) => ({ prompt, aspectRatio, seed: 7 })),
      ),
    ];
    const walls: number[] = [];
    const cpus: number[] = [];
    let withFace = 0;
    let matched = 0;
    let unlikeOthers = 0;
    const sheet: { png: Buffer; distance: number | undefined }[] = [];
    for (const request of requests) {
      const { result, wall, cpu } = await timed(() =>
        engine.generate({ userId: 'bench', modelIds: ['lisa'], ...request }, context),
      );
      walls.push(wall);
      cpus.push(cpu);
      if (request.file) writeFileSync(join(OUTPUT, request.file), result.data);
      const descriptor = await descriptorOf(result.data);
      const toHeldOut = descriptor
        ? Math.min(...heldOutDescriptors.map((d) => descriptorDistance(descriptor, d)))
        : undefined;
      if (request.seed === 7) sheet.push({ png: result.data, distance: toHeldOut });
      if (!descriptor || toHeldOut === undefined) continue;
      withFace += 1;
      const toOthers = Math.min(...otherDescriptors.map((d) => descriptorDistance(descriptor, d)));
      if (toHeldOut < 0.6) matched += 1;
      if (toOthers >= 0.6) unlikeOthers += 1;
    }
    const count = requests.length;
    console.log(
      `generate (incl. identity score), ${count} images, every aspect ratio and the sheet: wall median ${round(median(walls))} ms, max ${round(Math.max(...walls))} ms; CPU median ${round(median(cpus))} ms`,
    );
    console.log(
      `face found: ${withFace}/${count}; matched to the person's held-out photos (< 0.6): ${matched}/${count}; unlike the two other subjects (>= 0.6): ${unlikeOthers}/${count}`,
    );
    const distances = sheet.flatMap(({ distance }) => (distance === undefined ? [] : [distance]));
    console.log(
      `likeness sheet (${PROMPTS.length} prompts x ${SHEET_RATIOS.join(', ')}): ${distances.filter((d) => d <= 0.5).length}/${sheet.length} within 0.5 of the held-out photos, worst ${Math.max(...distances).toFixed(3)}, faces missing ${sheet.length - distances.length}; sheet.png`,
    );
    writeFileSync(join(OUTPUT, 'sheet.png'), await contactSheet(sheet, PROMPTS.length));
    const squares = sheet.slice(0, PROMPTS.length).map(({ png }) => png.toString('base64'));
    console.log(
      `the ${PROMPTS.length} prompts at one seed: ${new Set(squares).size} different images ("portrait of lisa" and "a cat" have no vocabulary word: the same image)`,
    );

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
    const sampleSpacing = model.portraits.flatMap((portrait) =>
      [1, 2, 3].map((seed) =>
        nearest(
          sampleCoefficients(model, seed, 0.6, model.trainingCoefficients[portrait.training]),
          model.trainingCoefficients,
        ),
      ),
    );
    console.log(
      `nearest training face: samples ${round(Math.min(...sampleSpacing))}-${round(Math.max(...sampleSpacing))}, training faces to each other ${round(Math.min(...spacing))}-${round(Math.max(...spacing))} (model units)`,
    );
  }

  if (!EDITS_ONLY) await batchAgainstOne(dir);

  // Edits of the held-out photos: three masks each, the new fill against push-pull and the
  // previous engine's fill (push-pull with the learned face pasted in a feathered circle).
  for (const photo of BATCH_ONLY ? [] : heldOut) {
    const upright = await decodeUpright(photo.data);
    const { width, height } = upright;
    const landmarks = await landmarksOf(photo.data);
    const masks: Record<string, number[][]> = {
      'eyes hidden': [boxAround(landmarks.slice(36, 48), 0.15)],
      'background beside the head': [[0.03 * width, 0.12 * height, 0.2 * width, 0.32 * height]],
      'mouth and chin': [boxAround(landmarks.slice(4, 13), 0.05)],
    };
    for (const [name, rectangles] of Object.entries(masks)) {
      const mask = await rectanglesMask(width, height, rectangles);
      const edit = await timed(() => editOf(photo.data, mask));
      const after = (await decodeUpright(edit.result.data)).data;
      const band = await dilatedMask(mask, width, height, bandRadius(width, height));
      const hidden = hiddenInFrame(band, width, height, landmarks, model.size);
      const rendered = fitHiddenFace(model, alignFace(upright, landmarks, model.size), hidden);
      const classical = pushPullFill(upright, band).data;
      const previous = previousFill(upright, band, { landmarks, rendered, size: model.size }).data;
      const error = (candidate: Uint8Array) => maskedRmse(candidate, upright.data, band).toFixed(1);
      const seam = (candidate: Uint8Array) => round(seamEnergy(candidate, band, width));
      const step = (candidate: Uint8Array) =>
        boundaryStepRatio(candidate, upright.data, band, width).toFixed(2);
      console.log(
        `edit ${photo.id} ${name} (${width}x${height}): ${round(edit.wall)} ms wall, ${round(edit.cpu)} ms CPU; masked RMSE new ${error(after)} / push-pull ${error(classical)} / previous ${error(previous)}; seam new ${seam(after)} / push-pull ${seam(classical)} / previous ${seam(previous)} / photo itself ${seam(upright.data)}; edit boundary step ratio (goal <= 1.5) new ${step(after)} / push-pull ${step(classical)} / previous ${step(previous)}; identity ${edit.result.identityScore}`,
      );
      {
        const slug = `${photo.filename.replace(/\.jpg$/, '')}-${name.replace(/\W+/g, '-')}`;
        writeFileSync(join(OUTPUT, `edit-${slug}.png`), edit.result.data);
        writeFileSync(
          join(OUTPUT, `edit-${slug}-previous.png`),
          await encodePng({ data: previous, width, height }),
        );
        writeFileSync(join(OUTPUT, `edit-${slug}-mask.png`), mask);
      }
    }
  }

  // Which mask sizes the fill still manages: ever larger squares from the top-left corner of the
  // first held-out photo (the background, then the head), against the limit the page and the
  // api apply (EDIT_MASK_LIMITS).
  if (!BATCH_ONLY) {
    const photo = heldOut[0]!;
    const { width, height, data } = await decodeUpright(photo.data);
    for (const fraction of [0.1, 0.15, 0.2, 0.25, 0.4]) {
      const side = Math.sqrt(fraction);
      const mask = await rectanglesMask(width, height, [[0, 0, side * width, side * height]]);
      const edit = await editOf(photo.data, mask);
      const after = (await decodeUpright(edit.data)).data;
      const band = await dilatedMask(mask, width, height, bandRadius(width, height));
      console.log(
        `edit ${photo.id} top-left square of ${fraction * 100} % (limit ${EDIT_MASK_LIMITS.maxAreaFraction * 100} %): masked RMSE ${maskedRmse(after, data, band).toFixed(1)}; edit boundary step ratio ${boundaryStepRatio(after, data, band, width).toFixed(2)}`,
      );
      writeFileSync(join(OUTPUT, `edit-area-${fraction * 100}.png`), edit.data);
    }
  }

  // Masks near and on faces, against the edit-mask rule (spec/edit-mask.ts): what the fill
  // keeps of the face's edge where the band crosses the jaw line, and whether the rule refuses
  // the mask. Another person's photos are edited with this person's model.
  if (!BATCH_ONLY) {
    const cases = [
      ...heldOut.map((photo) => ({ photo, masks: FACE_MASKS })),
      ...['frl_london_004', 'frl_london_005'].map((subject) => ({
        photo: photosOf(subject)[0]!,
        masks: { ...FACE_MASKS, 'whole face': (lm: Landmarks) => boxAround(lm.slice(0, 27), 0.05) },
      })),
    ];
    const reference = training[0]!.data;
    for (const { photo, masks } of cases) {
      const { width, height, data } = await decodeUpright(photo.data);
      const landmarks = await landmarksOf(photo.data);
      const faces = await editFaces(photo.data, reference);
      const headOutline = (faces[0]?.headOutline ?? []).map(({ x, y }) => ({
        x: x * width,
        y: y * height,
      }));
      for (const [name, box] of Object.entries(masks)) {
        const rectangle = box(landmarks, headOutline);
        if (!rectangle) continue;
        const mask = await rectanglesMask(width, height, [rectangle]);
        const band = await dilatedMask(mask, width, height, bandRadius(width, height));
        const painted = ({ x, y }: { x: number; y: number }) =>
          band[
            Math.min(height - 1, Math.floor(y * height)) * width +
              Math.min(width - 1, Math.floor(x * width))
          ] === 1;
        const areaFraction = band.reduce((sum, value) => sum + value, 0) / band.length;
        const rule = editMaskProblem({ areaFraction, painted, faces });
        const after = (await decodeUpright((await editOf(photo.data, mask)).data)).data;
        const kept = outlineEdgeKept(after, data, band, width, landmarks.slice(0, 17));
        console.log(
          `edit ${photo.id} ${name}: face edge kept ${Number.isNaN(kept) ? 'n/a (clear of it)' : kept.toFixed(2)}; step ratio ${boundaryStepRatio(after, data, band, width).toFixed(2)}; rule: ${ruleName(rule)}`,
        );
        const slug = `${photo.id.replace(/\W+/g, '-')}-${name.replace(/\W+/g, '-')}`;
        writeFileSync(
          join(OUTPUT, `face-edit-${slug}.png`),
          await encodePng({ data: after, width, height }),
        );
      }
    }
  }

  if (EVERYTHING) {
    // A 12-megapixel photo: the held-out photo as a phone would take it.
    const big = (await phoneSizedVariants([heldOut[0]!], 1))[0]!.data;
    const bigLandmarks = await landmarksOf(big);
    for (const [name, rectangles] of Object.entries({
      'eyes hidden': [boxAround(bigLandmarks.slice(36, 48), 0.15)],
      'background beside the head': [[0.03 * 3024, 0.12 * 4032, 0.2 * 3024, 0.32 * 4032]],
      'mouth and chin': [boxAround(bigLandmarks.slice(4, 13), 0.05)],
    })) {
      const mask = await rectanglesMask(3024, 4032, rectangles);
      const runs = [];
      for (let run = 0; run < 3; run += 1) {
        runs.push(await timed(() => editOf(big, mask)));
      }
      const threaded = new ThreadedCpuEngine({ dataDir: dir, urlSigningSecret: 'bench-secret' });
      const memory = await threadMemory(() =>
        threaded.edit(editRequest(big, mask), context).finally(() => threaded.close()),
      );
      console.log(
        `edit of a 3024x4032 photo, ${name}: ${memory} in a new engine thread; wall median ${round(median(runs.map((r) => r.wall)))} ms (runs ${runs.map((r) => round(r.wall)).join(', ')}), CPU median ${round(median(runs.map((r) => r.cpu)))} ms`,
      );
    }
  }
  console.log(`load average at end: ${uptime()}; pictures in ${OUTPUT}`);
} finally {
  await rm(dir, { recursive: true, force: true });
}
