import sharp from 'sharp';
import type { UsablePhoto } from '../photo-review';
import type { Point } from './face-api';
import { cutOutPerson, portraitScore } from './portrait-cutout';
import { seededRandom } from './random';
import {
  FRAME_HEIGHT,
  FRAME_WIDTH,
  decodeForFrame,
  frameCoverage,
  frameMapping,
  framePhoto,
} from './portrait-frame';

/**
 * One training photo's person, cut out in the portrait frame: the hair, neck, shoulders and
 * clothes a generated portrait shows around the face it draws.
 */
export interface Portrait {
  /** Which training face (index into the model's training coefficients) this photo gave. */
  training: number;
  /** How often generations pick it, relative to the others. */
  weight: number;
  /** The face's 68 landmarks in frame pixels. */
  landmarks: Point[];
  /** RGBA in the portrait frame (FRAME_WIDTH x FRAME_HEIGHT), WebP. */
  image: Buffer;
}

/** The best-suited photos are cut out; more would add training time, not variety. */
const MAX_PORTRAITS = 4;

/**
 * Cuts out the person of the photos that show most of a head-and-shoulders frame with the head
 * turned least (at most MAX_PORTRAITS of them). `signal` is checked between photos.
 */
export async function makePortraits(
  usable: UsablePhoto[],
  signal: AbortSignal,
): Promise<Portrait[]> {
  const ranked = usable
    .map((photo, training) => {
      const mapping = frameMapping(photo.landmarks);
      const { width, height } = photo;
      const inside = frameCoverage(width, height, mapping);
      const weight = portraitScore(inside, photo.landmarks.map(mapping.toFrame));
      return { photo, training, weight, eyeDistance: mapping.eyeDistance, width };
    })
    .sort((a, b) => b.weight - a.weight)
    .slice(0, MAX_PORTRAITS);
  const portraits: Portrait[] = [];
  for (const { photo, training, weight, eyeDistance, width } of ranked) {
    signal.throwIfAborted();
    const { image, factor } = await decodeForFrame(photo.photo.data, eyeDistance, width);
    const framed = framePhoto(
      image,
      photo.landmarks.map(({ x, y }) => ({ x: x * factor, y: y * factor })),
    );
    const rgba = cutOutPerson(framed, training + 1);
    const encoded = await sharp(Buffer.from(rgba.buffer, rgba.byteOffset, rgba.byteLength), {
      raw: { width: FRAME_WIDTH, height: FRAME_HEIGHT, channels: 4 },
    })
      .webp({ quality: 90, alphaQuality: 100, effort: 2 })
      .toBuffer();
    portraits.push({ training, weight, landmarks: framed.landmarks, image: encoded });
  }
  return portraits;
}

/** The portrait's RGBA pixels. */
export async function decodePortrait(portrait: Portrait): Promise<Uint8Array> {
  const pixels = await sharp(portrait.image).ensureAlpha().raw().toBuffer();
  return new Uint8Array(pixels.buffer, pixels.byteOffset, pixels.byteLength);
}

/**
 * Portraits within this share of the best one's weight are used: one that shows much less of a
 * head-and-shoulders frame would leave the person ending in mid-air.
 */
const USABLE_SHARE = 0.8;

/** A portrait for a generation: seeded, among the best-suited, the better ones more often. */
export function pickPortrait(portraits: Portrait[], seed: number): Portrait {
  const random = seededRandom(seed ^ 0x68e31da4);
  const best = Math.max(...portraits.map((portrait) => portrait.weight));
  const weights = portraits.map((portrait) =>
    portrait.weight >= USABLE_SHARE * best ? portrait.weight ** 2 : 0,
  );
  let pick = random() * weights.reduce((sum, weight) => sum + weight, 0);
  for (const [index, weight] of weights.entries()) {
    pick -= weight;
    if (pick <= 0) return portraits[index]!;
  }
  return portraits.at(-1)!;
}
