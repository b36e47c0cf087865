import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { decodeForAnalysis } from '../../src/engines/cpu/decode';
import { detectFaces, type Point, type RgbImage } from '../../src/engines/cpu/face-api';
import {
  FRAME_HEIGHT,
  FRAME_WIDTH,
  UNIT,
  decodeForFrame,
  frameMapping,
  framePhoto,
  type FramedPhoto,
} from '../../src/engines/cpu/portrait-frame';

/**
 * How well a person matte matches a hand-labelled one (testdata/faces/lisa_debruine/person-masks,
 * see testdata/SOURCES.md), for the engine tests and bench/engine.ts. Both are compared in the
 * portrait frame a training photo is cut out in, over the frame pixels inside the photo.
 */

const FACES_DIR =
  process.env.FACES_DIR ?? fileURLToPath(new URL('../../../testdata/faces/', import.meta.url));

/** The labelled photos. */
export const LABELLED = ['01', '02', '03', '04', '05', '06', '07', '08'].map((id) => ({
  photo: join(FACES_DIR, 'lisa_debruine', `${id}.jpg`),
  mask: join(FACES_DIR, 'lisa_debruine', 'person-masks', `${id}.png`),
}));

/** A boundary pixel counts as matched within this many eye distances of the other's. */
const BOUNDARY_TOLERANCE = 0.1;

export interface LabelledFrame {
  /** The photo as a training decodes it for its portrait. */
  photo: RgbImage;
  framed: FramedPhoto;
  /** 1 where the hand-labelled mask says person, in the frame. */
  truth: Uint8Array;
  /** The face's landmarks in the photo's own pixels. */
  landmarks: Point[];
}

/** A labelled photo and its mask, both warped into the portrait frame as a training does. */
export async function labelledFrame(photoPath: string, maskPath: string): Promise<LabelledFrame> {
  const photo = readFileSync(photoPath);
  const { image: small, scale } = await decodeForAnalysis(photo);
  const [face] = await detectFaces(small);
  const landmarks = face!.landmarks.map(({ x, y }) => ({ x: x * scale, y: y * scale }));
  const { width = 0 } = await sharp(photo).rotate().metadata();
  const { eyeDistance } = frameMapping(landmarks);
  const frame = async (data: Buffer) => {
    const { image, factor } = await decodeForFrame(data, eyeDistance, width);
    const scaled = landmarks.map(({ x, y }) => ({ x: x * factor, y: y * factor }));
    return { image, framed: framePhoto(image, scaled) };
  };
  const { image: decoded, framed } = await frame(photo);
  const { framed: mask } = await frame(
    await sharp(readFileSync(maskPath)).toColourspace('srgb').png().toBuffer(),
  );
  const truth = Uint8Array.from(framed.inside, (inside, at) =>
    inside && mask.image.data[at * 3]! >= 128 ? 1 : 0,
  );
  return { photo: decoded, framed, truth, landmarks };
}

/** 1 where `labels` differs from a 4-neighbour inside the photo. */
function boundary(labels: Uint8Array, inside: Uint8Array): number[] {
  const points: number[] = [];
  for (let at = 0; at < labels.length; at += 1) {
    if (!inside[at]) continue;
    const x = at % FRAME_WIDTH;
    const y = (at - x) / FRAME_WIDTH;
    const neighbours = [
      x > 0 ? at - 1 : -1,
      x < FRAME_WIDTH - 1 ? at + 1 : -1,
      y > 0 ? at - FRAME_WIDTH : -1,
      y < FRAME_HEIGHT - 1 ? at + FRAME_WIDTH : -1,
    ];
    if (neighbours.some((next) => next >= 0 && inside[next] && labels[next] !== labels[at]))
      points.push(at);
  }
  return points;
}

/** Share of `points` with a point of `other` (a 0/1 map) within `radius` pixels. */
function matchedShare(points: number[], other: Uint8Array, radius: number): number {
  if (points.length === 0) return 1;
  let matched = 0;
  for (const at of points) {
    const x = at % FRAME_WIDTH;
    const y = (at - x) / FRAME_WIDTH;
    search: for (let dy = -radius; dy <= radius; dy += 1) {
      for (let dx = -radius; dx <= radius; dx += 1) {
        const [nx, ny] = [x + dx, y + dy];
        if (dx * dx + dy * dy > radius * radius) continue;
        if (nx < 0 || ny < 0 || nx >= FRAME_WIDTH || ny >= FRAME_HEIGHT) continue;
        if (other[ny * FRAME_WIDTH + nx]) {
          matched += 1;
          break search;
        }
      }
    }
  }
  return matched / points.length;
}

/**
 * Intersection over union of the person (alpha ≥ 0.5 against the label), and the boundary
 * F-score: the harmonic mean of the shares of each outline's pixels that lie within
 * BOUNDARY_TOLERANCE eye distances of the other outline.
 */
export function matteScores(alpha: Float32Array, truth: Uint8Array, inside: Uint8Array) {
  const labels = Uint8Array.from(alpha, (a, at) => (inside[at] && a >= 0.5 ? 1 : 0));
  let both = 0;
  let either = 0;
  for (let at = 0; at < labels.length; at += 1) {
    if (!inside[at]) continue;
    both += labels[at]! & truth[at]!;
    either += labels[at]! | truth[at]!;
  }
  const ours = boundary(labels, inside);
  const theirs = boundary(truth, inside);
  const radius = Math.round(BOUNDARY_TOLERANCE * UNIT);
  const mapOf = (points: number[]) => {
    const map = new Uint8Array(labels.length);
    for (const at of points) map[at] = 1;
    return map;
  };
  const precision = matchedShare(ours, mapOf(theirs), radius);
  const recall = matchedShare(theirs, mapOf(ours), radius);
  const boundaryF = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
  return { iou: both / Math.max(1, either), boundaryF };
}
