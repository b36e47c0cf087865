import sharp from 'sharp';
import type { UsablePhoto } from '../photo-review';
import type { Point } from './face-api';
import { cutOutPerson, portraitScore } from './portrait-cutout';
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
  /** How much of a head-and-shoulders frame its photo shows, the head turned least (portraitScore). */
  weight: number;
  /** The face's 68 landmarks in frame pixels. */
  landmarks: Point[];
  /** RGBA in the portrait frame (FRAME_WIDTH x FRAME_HEIGHT), WebP. */
  image: Buffer;
}

/**
 * Cuts out the person of every usable photo, so each can lead a generated image with its own
 * pose, clothes and hair. `signal` is checked between photos.
 */
export async function makePortraits(
  usable: UsablePhoto[],
  signal: AbortSignal,
): Promise<Portrait[]> {
  const ranked = usable.map((photo, training) => {
    const mapping = frameMapping(photo.landmarks);
    const { width, height } = photo;
    const inside = frameCoverage(width, height, mapping);
    const weight = portraitScore(inside, photo.landmarks.map(mapping.toFrame));
    return { photo, training, weight, eyeDistance: mapping.eyeDistance, width };
  });
  const portraits: Portrait[] = [];
  for (const { photo, training, weight, eyeDistance, width } of ranked) {
    signal.throwIfAborted();
    const { image, factor } = await decodeForFrame(photo.photo.data, eyeDistance, width);
    const framed = framePhoto(
      image,
      photo.landmarks.map(({ x, y }) => ({ x: x * factor, y: y * factor })),
    );
    const rgba = await cutOutPerson(image, framed);
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
 * The portrait leading a generation: the seed picks it, consecutive seeds take turns through
 * the photos, so a handful of seeds already shows every photo's pose.
 */
export function pickPortrait(portraits: Portrait[], seed: number): Portrait {
  return portraits[(seed >>> 0) % portraits.length]!;
}
