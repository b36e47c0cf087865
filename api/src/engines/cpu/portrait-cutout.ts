import type { Point, RgbImage } from './face-api';
import { faceOutline, rasterizePolygon } from './face-region';
import { exemplarFill } from './patch-match';
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
 * the outline continues into the generic silhouette and the colours are continued from the
 * person's own pixels by exemplar-based fill, so no portrait shows a straight photo edge.
 */
export function cutOutPerson(framed: FramedPhoto, seed: number): Uint8Array {
  const { image, inside } = framed;
  const count = FRAME_WIDTH * FRAME_HEIGHT;
  const alpha = personMatte(image, inside, framed.landmarks);
  const colours = unmixEdges(image, inside, alpha);

  // Beyond the photo the body carries on from the cut's nearest edge into the silhouette and
  // fades out farther away; hair cut off by the photo's edge just fades (its shape is unknown).
  const { distance, nearest } = framed;
  const bodyRow = framed.landmarks[8]!.y + 0.2 * UNIT;
  const hole = new Uint8Array(count);
  for (let at = 0; at < count; at += 1) {
    if (inside[at]) continue;
    const row = Math.floor(at / FRAME_WIDTH);
    const { x: u, y: v } = toUnits(at % FRAME_WIDTH, row);
    const reach = distance[at]! / UNIT;
    const edge = nearest[at]! >= 0 ? alpha[nearest[at]!]! : 0;
    if (row <= bodyRow) {
      alpha[at] = edge * Math.max(0, 1 - reach / HAIR_FADE);
    } else {
      const fade = Math.min(1, reach / FADE_INTO_SILHOUETTE);
      const fadeOut = Math.min(1, Math.max(0, (REACH - reach) / (REACH - FADE_INTO_SILHOUETTE)));
      alpha[at] = ((1 - fade) * edge + fade * silhouette(u, v)) * fadeOut;
    }
    if (alpha[at]! > 0.01) hole[at] = 1;
  }

  // Hair continues from hair, clothes from clothes: never from the face.
  const face = rasterizePolygon(faceOutline(framed.landmarks), FRAME_WIDTH, FRAME_HEIGHT);
  let filled = colours;
  for (const lower of [false, true]) {
    const part = new Uint8Array(count);
    const sources = new Uint8Array(count);
    for (let at = 0; at < count; at += 1) {
      if (Math.floor(at / FRAME_WIDTH) > bodyRow !== lower) continue;
      part[at] = hole[at]!;
      sources[at] = inside[at] && alpha[at]! > 0.95 && !face[at] ? 1 : 0;
    }
    filled = exemplarFill(filled, part, {
      seed,
      sources,
      searchPixels: OUTPAINT_SEARCH_PIXELS,
      // The person continues from what is next to the photo's edge, not from across it.
      locality: 8,
      anchors: Uint8Array.from(alpha, (a) => (a > 0.5 ? 1 : 0)),
    });
  }

  const rgba = new Uint8Array(count * 4);
  for (let at = 0; at < count; at += 1) {
    for (let c = 0; c < 3; c += 1) rgba[at * 4 + c] = filled.data[at * 3 + c]!;
    rgba[at * 4 + 3] = Math.round(255 * alpha[at]!);
  }
  return rgba;
}

/** Clothes and hair need no fine structure: their matches are searched at a smaller scale. */
const OUTPAINT_SEARCH_PIXELS = 50_000;
/** Hair cut off by the photo's edge fades out over this many eye distances. */
const HAIR_FADE = 0.25;
/** Within this many eye distances beyond the photo the outline turns into the silhouette. */
const FADE_INTO_SILHOUETTE = 0.5;
/** Beyond this many eye distances from the photo the person fades out: nothing to go on. */
const REACH = 1.6;
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
