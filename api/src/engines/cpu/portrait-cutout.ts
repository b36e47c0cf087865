import type { Point, RgbImage } from './face-api';
import { boxMean, personMatte } from './person-matte';
import {
  FRAME_HEIGHT,
  FRAME_WIDTH,
  UNIT,
  silhouette,
  toUnits,
  type FramedPhoto,
} from './portrait-frame';

/**
 * The person of one training photo, cut out of its room, as premultiplication-free RGBA in the
 * portrait frame: what a generated portrait shows around the drawn face (hair, neck, shoulders,
 * clothes). Where the photo ends (a close selfie cuts off the shoulders or the top of the hair)
 * the person fades out before the photo's edge: nothing is drawn that the photo did not show,
 * and no straight photo edge shows.
 */
export async function cutOutPerson(photo: RgbImage, framed: FramedPhoto): Promise<Uint8Array> {
  const { image, inside, edge, bottomEdge } = framed;
  const count = FRAME_WIDTH * FRAME_HEIGHT;
  const alpha = await personMatte(photo, framed);
  const colours = unmixEdges(image, inside, alpha);
  const rgba = new Uint8Array(count * 4);
  for (let at = 0; at < count; at += 1) {
    const fade =
      smoothstep((edge[at]! - 1) / (EDGE_FADE * UNIT)) *
      smoothstep((bottomEdge[at]! - 1) / (BODY_FADE * UNIT));
    for (let c = 0; c < 3; c += 1) rgba[at * 4 + c] = colours.data[at * 3 + c]!;
    rgba[at * 4 + 3] = Math.round(255 * alpha[at]! * fade);
  }
  return rgba;
}

/** Over this many eye distances before the photo's edge the person fades out. */
const EDGE_FADE = 0.45;
/**
 * A body the photo cuts off at its bottom fades out over more: a short fade there reads as a
 * straight cut across the clothes, a long one as a vignetted portrait. Sides and top stay short,
 * where a long fade would turn the hair and shoulders to mist.
 */
const BODY_FADE = 1.5;

const smoothstep = (value: number) => {
  const t = Math.min(1, Math.max(0, value));
  return t * t * (3 - 2 * t);
};
/** Window (radius, frame pixels) in which the pure person and room colours near an edge are averaged. */
const UNMIX_RADIUS = 8;

/**
 * Colours at the soft edge (hair against a wall) hold some of the room: the person's own colour
 * there is solved from the compositing equation I = αF + (1 - α)B, B being the mean room colour
 * and F the mean person colour nearby; where α is too small to solve, F itself is used.
 */
function unmixEdges(image: RgbImage, inside: Uint8Array, alpha: Float32Array): RgbImage {
  const count = alpha.length;
  const nearbyMean = (select: (a: number) => boolean) => {
    const weight = new Float32Array(count);
    const channels = [0, 1, 2].map(() => new Float32Array(count));
    for (let at = 0; at < count; at += 1) {
      if (!inside[at] || !select(alpha[at]!)) continue;
      weight[at] = 1;
      for (let c = 0; c < 3; c += 1) channels[c]![at] = image.data[at * 3 + c]!;
    }
    const total = boxMean(weight, FRAME_WIDTH, FRAME_HEIGHT, UNMIX_RADIUS);
    const sums = channels.map((channel) =>
      boxMean(channel, FRAME_WIDTH, FRAME_HEIGHT, UNMIX_RADIUS),
    );
    return { total, sums };
  };
  const room = nearbyMean((a) => a < 0.05);
  const person = nearbyMean((a) => a > 0.95);
  const data = Uint8Array.from(image.data);
  for (let at = 0; at < count; at += 1) {
    const a = alpha[at]!;
    if (!inside[at] || a > 0.95 || a < 0.01) continue;
    const hasPerson = person.total[at]! > 0;
    // Trust the solved colour more as α grows; near 0 it amplifies noise.
    const trust = room.total[at]! > 0 ? Math.min(1, Math.max(0, (a - 0.15) / 0.5)) : 1;
    for (let c = 0; c < 3; c += 1) {
      const i = at * 3 + c;
      const background = room.total[at]! > 0 ? room.sums[c]![at]! / room.total[at]! : 0;
      const solved = (image.data[i]! - (1 - a) * background) / Math.max(a, 0.05);
      const own = hasPerson ? person.sums[c]![at]! / person.total[at]! : solved;
      data[i] = Math.round(Math.min(255, Math.max(0, trust * solved + (1 - trust) * own)));
    }
  }
  return { data, width: image.width, height: image.height };
}

/**
 * How well a photo serves as the person around generated faces: the share of the head-and-
 * shoulders silhouette it shows, lowered for a head turned aside (the drawn face looks ahead).
 */
export function portraitScore(inside: Uint8Array, landmarks: Point[]): number {
  let covered = 0;
  let total = 0;
  for (let y = 0; y < FRAME_HEIGHT; y += 2) {
    for (let x = 0; x < FRAME_WIDTH; x += 2) {
      const { x: u, y: v } = toUnits(x, y);
      const weight = silhouette(u, v);
      total += weight;
      if (inside[y * FRAME_WIDTH + x]) covered += weight;
    }
  }
  const jawMiddle = (landmarks[0]!.x + landmarks[16]!.x) / 2;
  const jawWidth = Math.max(1, landmarks[16]!.x - landmarks[0]!.x);
  const turn = Math.abs(landmarks[30]!.x - jawMiddle) / jawWidth;
  return (covered / Math.max(1e-6, total)) * Math.max(0.05, 1 - 4 * turn);
}
