import { ASPECT_RATIOS } from '@app/shared/spec';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eyeCentres } from '../../src/engines/cpu/align-face';
import { deserializeModel } from '../../src/engines/cpu/appearance-model';
import { CpuEngine, modelKey } from '../../src/engines/cpu/cpu-engine';
import { decodeForAnalysis } from '../../src/engines/cpu/decode';
import { detectFaces } from '../../src/engines/cpu/face-api';
import { bandRadius, dilatedMask, pushPullFill } from '../../src/engines/cpu/inpaint';
import { pickPortrait } from '../../src/engines/cpu/portraits';
import type { EngineImage, GenerateRequest } from '../../src/engines/engine';
import { readAll } from '../../src/engines/read-all';
import { JobFailure } from '../../src/jobs/job-failures';
import { LocalStorage } from '../../src/storage/local-storage';
import { makeTempDir, removeDir } from '../helpers';
import { boundaryStepRatio } from '../support/fill-measures';
import { smallSubjectPhoto, solidPng, subjectPhoto } from '../support/images';
import { boxAround, rectanglesMask } from '../support/masks';

const context = { signal: new AbortController().signal, onProgress: () => undefined };
const lisa = async (file: string) => ({
  id: file,
  filename: file,
  data: await smallSubjectPhoto('lisa_debruine', file),
});

async function raw(image: Buffer) {
  const { data, info } = await sharp(image)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** A white rectangle over both eyes of a photo, as a PNG mask. */
async function eyesMask(photo: Buffer): Promise<Buffer> {
  const { image, scale } = await decodeForAnalysis(photo);
  const [face] = await detectFaces(image);
  const eyes = face!.landmarks.slice(36, 48);
  const xs = eyes.map((p) => p.x * scale);
  const ys = eyes.map((p) => p.y * scale);
  const pad = (Math.max(...xs) - Math.min(...xs)) * 0.15;
  const left = Math.round(Math.min(...xs) - pad);
  const top = Math.round(Math.min(...ys) - pad);
  const { width = 0, height = 0 } = await sharp(photo).metadata();
  const box = await sharp({
    create: {
      width: Math.round(Math.max(...xs) + pad) - left,
      height: Math.round(Math.max(...ys) + pad) - top,
      channels: 3,
      background: '#ffffff',
    },
  })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: '#000000' } })
    .composite([{ input: box, left, top }])
    .png()
    .toBuffer();
}

/**
 * A stroke across the hairline, where the journey paints one: (0.35, 0.30) → (0.50, 0.32) →
 * (0.65, 0.30) of the photo, 5.5 % of its width thick.
 */
async function hairlineMask(photo: Buffer): Promise<Buffer> {
  const { width = 0, height = 0 } = await sharp(photo).metadata();
  const point = (x: number, y: number) => `${x * width},${y * height}`;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<rect width="100%" height="100%" fill="black"/>` +
    `<polyline points="${point(0.35, 0.3)} ${point(0.5, 0.32)} ${point(0.65, 0.3)}" fill="none" ` +
    `stroke="white" stroke-width="${0.055 * width}" stroke-linecap="round" stroke-linejoin="round"/>` +
    `</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * What the fill made of the band's pixels. Of those that were light (skin): the shares it made
 * light and bluer than red (the tiled wall beside her; skin never is), near-white without colour
 * (an eye's white; skin is rosier) and dark (hair). Of those that were black (hair): the share
 * it made brown (the wooden door behind her).
 */
function fillOfBand(before: Uint8Array, after: Uint8Array, band: Uint8Array) {
  const counts = { light: 0, wall: 0, eyeWhite: 0, dark: 0, hair: 0, door: 0 };
  for (let at = 0; at < band.length; at += 1) {
    if (!band[at]) continue;
    const [r, g, b] = [before[at * 3]!, before[at * 3 + 1]!, before[at * 3 + 2]!];
    const [r2, g2, b2] = [after[at * 3]!, after[at * 3 + 1]!, after[at * 3 + 2]!];
    const grey = (r + g + b) / 3;
    const grey2 = (r2 + g2 + b2) / 3;
    if (grey >= 120) {
      counts.light += 1;
      if (b2 > r2 && grey2 > 100) counts.wall += 1;
      if (Math.abs(r2 - b2) < 12 && grey2 > 150) counts.eyeWhite += 1;
      if (grey2 < 60) counts.dark += 1;
    } else if (grey < 40 && r - b < 15) {
      counts.hair += 1;
      if (r2 - b2 >= 25 && grey2 > 25) counts.door += 1;
    }
  }
  return {
    wall: counts.wall / counts.light,
    eyeWhite: counts.eyeWhite / counts.light,
    skinToHair: counts.dark / counts.light,
    hairToDoor: counts.door / counts.hair,
  };
}

function maskedError(a: Uint8Array, b: Uint8Array, mask: Uint8Array): number {
  let sum = 0;
  let count = 0;
  for (let at = 0; at < mask.length; at += 1) {
    if (!mask[at]) continue;
    for (let c = 0; c < 3; c += 1) sum += (a[at * 3 + c]! - b[at * 3 + c]!) ** 2;
    count += 3;
  }
  return Math.sqrt(sum / count);
}

describe('CpuEngine', { timeout: 180_000 }, () => {
  let dir: string;
  let engine: CpuEngine;
  let storage: LocalStorage;
  beforeAll(async () => {
    dir = await makeTempDir();
    storage = new LocalStorage(dir, 'test-secret');
    engine = new CpuEngine(storage);
    const photos = await Promise.all(
      ['01.jpg', '02.jpg', '03.jpg', '04.jpg', '05.jpg', '06.jpg'].map(lisa),
    );
    await engine.train({ userId: 'u', modelId: 'lisa', triggerWord: 'lisa', photos }, context);
  }, 180_000);
  afterAll(() => removeDir(dir));

  const generate = (seed: number, prompt = 'portrait') =>
    engine.generate({ userId: 'u', prompt, aspectRatio: '1:1', modelIds: ['lisa'], seed }, context);

  it('draws the same image for the same prompt and seed, another for another seed', async () => {
    const [first, again, other] = await Promise.all([generate(7), generate(7), generate(8)]);
    expect(first.data.equals(again.data)).toBe(true);
    expect(first.data.equals(other.data)).toBe(false);
  });

  it('draws a batch in one call: each image the one its seed gives alone, the model read once', async () => {
    const request = (seed: number): GenerateRequest => ({
      userId: 'u',
      prompt: 'golden hour',
      aspectRatio: '4:5',
      modelIds: ['lisa'],
      seed,
    });
    const reads = vi.spyOn(storage, 'read');
    let batch: EngineImage[];
    let keysRead: string[];
    try {
      batch = await engine.generateMany(request(40), 3, context);
      keysRead = reads.mock.calls.map(([key]) => key);
    } finally {
      reads.mockRestore();
    }
    expect(keysRead).toEqual([modelKey('u', 'lisa')]);
    const alone = await Promise.all(
      [40, 41, 42].map((seed) => engine.generate(request(seed), context)),
    );
    expect(batch.map((image) => image.identityScore)).toEqual(
      alone.map((image) => image.identityScore),
    );
    batch.forEach((image, index) => expect(image.data.equals(alone[index]!.data)).toBe(true));
    expect(new Set(batch.map((image) => image.data.toString('base64'))).size).toBe(3);
  });

  it('lets every usable photo lead an image: 12 seeds show at least 6 different photos', async () => {
    const stored = await new LocalStorage(dir, 'test-secret').read(modelKey('u', 'lisa'));
    const { portraits } = deserializeModel(await readAll(stored!.stream));
    expect(portraits.map((portrait) => portrait.training).sort()).toEqual([0, 1, 2, 3, 4, 5]);
    const leads = new Set<number>();
    for (let seed = 1; seed <= 12; seed += 1) leads.add(pickPortrait(portraits, seed).training);
    expect(leads.size).toBeGreaterThanOrEqual(6);
    // The seed picks the photo and its framing reproducibly: a repeat gives the same image.
    expect(pickPortrait(portraits, 9)).toBe(pickPortrait(portraits, 9));
  });

  it('gives a recognisable face at every seed, even from the fewest photos (5)', async () => {
    const photos = await Promise.all(['01.jpg', '02.jpg', '03.jpg', '04.jpg', '05.jpg'].map(lisa));
    await engine.train({ userId: 'u', modelId: 'five', triggerWord: 'lisa', photos }, context);
    // Fixed seeds: among these, single draws of this model include faces the detector misses.
    const scores = [];
    for (let k = 1; k <= 12; k += 1) {
      const request = { prompt: 'portrait', aspectRatio: '1:1' as const, modelIds: ['five'] };
      scores.push(
        (await engine.generate({ userId: 'u', ...request, seed: k * 7919 }, context)).identityScore,
      );
    }
    expect(scores.filter((score) => score === null || score <= 0.4)).toEqual([]);
  });

  it('follows the documented vocabulary: black and white has no colour', async () => {
    const { data } = await raw((await generate(3, 'black and white portrait')).data);
    let colourful = 0;
    for (let at = 0; at < data.length; at += 3)
      if (Math.abs(data[at]! - data[at + 2]!) > 2) colourful += 1;
    expect(colourful).toBe(0);
  });

  it('frames every aspect ratio as a portrait: eyes on the upper third, a clean backdrop', async () => {
    for (const { value } of ASPECT_RATIOS) {
      const image = await engine.generate(
        { userId: 'u', prompt: 'studio portrait', aspectRatio: value, modelIds: ['lisa'], seed: 5 },
        context,
      );
      const { data, width, height } = await raw(image.data);
      const [face] = await detectFaces({ data: new Uint8Array(data), width, height });
      const { left, right } = eyeCentres(face!.landmarks);
      expect(Math.abs((left.y + right.y) / 2 / height - 1 / 3), value).toBeLessThan(0.04);
      expect(Math.abs((left.x + right.x) / 2 / width - 1 / 2), value).toBeLessThan(0.04);
      // The top corners are backdrop: no porthole edge, no ghost of a photo's room (only the
      // fine grain and the backdrop's slow light change from pixel to pixel there).
      const corner = Math.round(Math.min(width, height) * 0.15);
      let steps = 0;
      for (let y = 0; y < corner; y += 1) {
        for (let x = 1; x < corner; x += 1) {
          const at = (y * width + x) * 3;
          steps +=
            Math.abs(data[at]! - data[at - 3]!) +
            Math.abs(data[at + 3 * (width - corner)]! - data[at + 3 * (width - corner) - 3]!);
        }
      }
      expect(steps / (2 * corner * (corner - 1)), value).toBeLessThan(3);
    }
  });

  it('draws a different picture for each different vocabulary at one seed, one picture without', async () => {
    const prompts = ['astronaut on the moon', 'bicycle in Paris', 'red dragon over a castle'];
    const images = [];
    for (const prompt of [...prompts, 'black and white vintage photo']) {
      images.push((await generate(11, prompt)).data.toString('base64'));
    }
    expect(new Set(images).size).toBe(4);
    // "a cat" holds no word of the vocabulary: the engine cannot draw it, and says so.
    const [cat, portrait] = [await generate(11, 'a cat'), await generate(11, 'portrait')];
    expect(cat.data.equals(portrait.data)).toBe(true);
  });

  it('fails a training with too few usable photos, naming each problem', async () => {
    const photos = [
      await lisa('01.jpg'),
      await lisa('02.jpg'),
      { id: 'x', filename: 'blank.png', data: await solidPng(300, 300) },
    ];
    const training = engine.train(
      { userId: 'u', modelId: 'few', triggerWord: 'x', photos },
      context,
    );
    await expect(training).rejects.toThrow(JobFailure);
    await expect(training).rejects.toThrow(/Only 2 of the photos.*blank\.png: no face found/);
  });

  /** The edit of `photo` under `mask` as raw pixels, the photo upright, and the band it regenerates. */
  async function editedBand(photo: Buffer, mask: Buffer, seed = 1, prompt = '') {
    const edited = await engine.edit(
      { userId: 'u', prompt, aspectRatio: '1:1', modelIds: ['lisa'], seed, image: photo, mask },
      context,
    );
    const before = await raw(await sharp(photo).rotate().png().toBuffer());
    const band = await dilatedMask(
      mask,
      before.width,
      before.height,
      bandRadius(before.width, before.height),
    );
    return { before, after: await raw(edited.data), band };
  }

  it('edits only the painted band, and fills the face better than the classical fill', async () => {
    const photo = await smallSubjectPhoto('lisa_debruine', '07.jpg');
    const { before, after, band } = await editedBand(photo, await eyesMask(photo));
    expect([after.width, after.height]).toEqual([before.width, before.height]);
    for (let at = 0; at < band.length; at += 1) {
      if (band[at]) continue;
      for (let c = 0; c < 3; c += 1)
        if (after.data[at * 3 + c] !== before.data[at * 3 + c])
          throw new Error(`pixel ${at} changed outside the mask`);
    }
    const baseline = pushPullFill({ ...before, data: new Uint8Array(before.data) }, band);
    const learned = maskedError(after.data, before.data, band);
    const classical = maskedError(baseline.data, before.data, band);
    expect(learned).toBeLessThan(classical * 0.7);
  });

  it('keeps the shape of a feature the band only grows over: a strip inside the cheek meets the photo without a step', async () => {
    // The strip beside the nose ends just under the nostril, which its 1 % of growth cuts. The
    // learned face draws the nostril elsewhere; pasted up to the band's edge it ended in a step.
    const photo = await smallSubjectPhoto('lisa_debruine', '08.jpg');
    const { image, scale } = await decodeForAnalysis(photo);
    const [face] = await detectFaces(image);
    const at = (index: number) => {
      const { x, y } = face!.landmarks[index]!;
      return { x: x * scale, y: y * scale };
    };
    const { width = 0, height = 0 } = await sharp(photo).metadata();
    const mask = await rectanglesMask(width, height, [boxAround([at(31), at(48)], 0)]);
    const { before, after, band } = await editedBand(photo, mask);
    // 1 is the photo's own texture across the band's edge; the step it had read 1.5 here.
    expect(boundaryStepRatio(after.data, before.data, band, before.width)).toBeLessThan(1.25);
  });

  it('fills a stroke across the hairline: hair from hair, skin from skin, never an eye, the wall or the door', async () => {
    // Where the journey paints its edit, on the tests' smaller copy of its photo and on the photo
    // itself. The fill once took an eye, then the tiles across the photo, then the door behind her
    // for the hair the stroke crosses, then the headband for the top of the forehead.
    const cases = [
      { photo: await smallSubjectPhoto('lisa_debruine', '07.jpg'), seeds: [101, 102, 103] },
      { photo: subjectPhoto('lisa_debruine', '07.jpg'), seeds: [101] },
    ];
    for (const { photo, seeds } of cases) {
      const mask = await hairlineMask(photo);
      for (const seed of seeds) {
        const { before, after, band } = await editedBand(photo, mask, seed, 'natural look');
        const fill = fillOfBand(before.data, after.data, band);
        expect(fill.wall).toBeLessThan(0.01);
        expect(fill.eyeWhite).toBeLessThan(0.001);
        expect(fill.hairToDoor).toBeLessThan(0.01);
        // The forehead under the stroke is drawn from skin (it once took a quarter from the hair).
        expect(fill.skinToHair).toBeLessThan(0.05);
      }
    }
  });
});
