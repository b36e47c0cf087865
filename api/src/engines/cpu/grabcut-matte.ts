import { fitColourModel, type ColourModel } from './colour-model';
import type { Point, RgbImage } from './face-api';
import { faceOutline, rasterizePolygon } from './face-region';
import { minimumCut } from './max-flow';
import { boxMean, guidedFilter } from './person-matte';
import { HEAD, bodyHalfWidth, silhouette, toUnits } from './portrait-frame';

/**
 * Which pixels of a framed photo are the person (face, hair, neck, shoulders) and which are the
 * room behind them, for an edit's fill (person-or-room.ts; portraits use the segmentation
 * network, person-matte.ts, which matches hand-labelled masks better). GrabCut (Rother et al. 2004) seeded by the face: the landmarks say
 * where the face, the hair above it and the neck surely are, a generous head-and-shoulders
 * silhouette says where the background surely is, colour models of both decide the rest, and a
 * minimum cut keeps the outline smooth where the photo has no edge. The cut runs at half size;
 * the full-size matte is then refined along the photo's own edges (a guided filter), so hair
 * keeps a soft edge.
 */

const SURE_BACKGROUND_MARGIN = { head: 0.4, body: 0.9 };
/** Thin things sticking out of the person (a clock hand behind the hair) are cut off. */
const OPENING_RADIUS = 3;
const ROUNDS = 3;
/** Smoothness weight of the cut (GrabCut's gamma). */
const SMOOTHNESS = 50;
/** Pull towards the silhouette where colour alone is unsure, in cost units per eye distance. */
const SHAPE_PULL = 5;
/** Below this (eye distances under the eyes) the shape's pull is BODY_PULL times stronger. */
const BODY_FROM = 2.4;
const BODY_PULL = 2.5;
const HARD = 1e6;

type Trimap = Uint8Array;
const UNSURE = 0;
const PERSON = 1;
const ROOM = 2;

/** Alpha per frame pixel, 0..1; 0 outside the photo. */
export function grabCutMatte(
  framed: RgbImage,
  inside: Uint8Array,
  landmarks: Point[],
): Float32Array {
  const half = halveImage(framed, inside);
  const halfLandmarks = landmarks.map(({ x, y }) => ({ x: x / 2, y: y / 2 }));
  const trimap = buildTrimap(half.width, half.height, half.inside, halfLandmarks);
  const labels = cut(half.image, half.inside, trimap);
  return refine(framed, inside, labels, half.width);
}

function halveImage(image: RgbImage, inside: Uint8Array) {
  const width = image.width >> 1;
  const height = image.height >> 1;
  const data = new Float32Array(width * height * 3);
  const halfInside = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = y * width + x;
      let all = 1;
      for (let dy = 0; dy < 2; dy += 1) {
        for (let dx = 0; dx < 2; dx += 1) {
          const from = (2 * y + dy) * image.width + 2 * x + dx;
          all &= inside[from]!;
          for (let c = 0; c < 3; c += 1) data[at * 3 + c]! += image.data[from * 3 + c]! / 4;
        }
      }
      halfInside[at] = all;
    }
  }
  return { image: { data, width, height }, inside: halfInside, width, height };
}

/** Half-size frame pixel -> eye distances. */
const halfUnits = (x: number, y: number) => toUnits(2 * x + 1, 2 * y + 1);

function buildTrimap(
  width: number,
  height: number,
  inside: Uint8Array,
  landmarks: Point[],
): Trimap {
  const trimap = new Uint8Array(width * height).fill(UNSURE);
  // Surely the person: the face shrunk a little towards its centre, the neck under the chin,
  // the hair just above the forehead, the middle of the shoulders and chest.
  const outline = faceOutline(landmarks);
  const centre = {
    x: outline.reduce((sum, p) => sum + p.x, 0) / outline.length,
    y: outline.reduce((sum, p) => sum + p.y, 0) / outline.length,
  };
  const face = rasterizePolygon(
    outline.map((p) => ({
      x: centre.x + 0.85 * (p.x - centre.x),
      y: centre.y + 0.85 * (p.y - centre.y),
    })),
    width,
    height,
  );
  const chin = halfUnits(landmarks[8]!.x, landmarks[8]!.y).y;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = y * width + x;
      if (!inside[at]) continue;
      const { x: u, y: v } = halfUnits(x, y);
      const hair = Math.hypot(u / 0.7, (v + 1.45) / 0.42) < 1;
      const neck = Math.abs(u) < 0.4 && v > chin + 0.15 && v < chin + 0.85;
      const chest = v > 2.6 && Math.abs(u) < bodyHalfWidth(v) - 0.8;
      if (face[at] || hair || neck || chest) {
        trimap[at] = PERSON;
        continue;
      }
      const headRoom =
        Math.hypot(
          u / (HEAD.rx + SURE_BACKGROUND_MARGIN.head),
          (v - HEAD.cy) / (HEAD.ry + SURE_BACKGROUND_MARGIN.head),
        ) > 1;
      const body = bodyHalfWidth(v);
      const bodyRoom = body === 0 || Math.abs(u) > body + SURE_BACKGROUND_MARGIN.body;
      if (headRoom && bodyRoom) trimap[at] = ROOM;
    }
  }
  return trimap;
}

function cut(
  image: { data: Float32Array; width: number; height: number },
  inside: Uint8Array,
  trimap: Trimap,
): Uint8Array {
  const { data, width, height } = image;
  const count = width * height;
  const prior = new Float32Array(count);
  for (let at = 0; at < count; at += 1) {
    const { x: u, y: v } = halfUnits(at % width, Math.floor(at / width));
    // > 0 where the silhouette expects the person, < 0 where it expects the room. Shoulders
    // are more alike from person to person than hair: there the shape counts for more.
    prior[at] = (silhouette(u, v) - 0.5) * (v > BODY_FROM ? BODY_PULL : 1);
  }
  // Start from the surely-person pixels only: the room's colours next to the head (a door
  // behind it) must not get into the person's colour model before the first cut.
  let labels: Uint8Array = Uint8Array.from(trimap, (value) => (value === PERSON ? 1 : 0));
  const { right, down } = smoothness(data, width, height, inside);
  for (let round = 0; round < ROUNDS; round += 1) {
    const person: number[] = [];
    const room: number[] = [];
    for (let at = 0; at < count; at += 1) {
      if (!inside[at]) continue;
      (labels[at] ? person : room).push(at);
    }
    const personModel = fitColourModel(data, person, 11 + round);
    const roomModel = fitColourModel(data, room, 23 + round);
    labels = minimumCut({
      width,
      height,
      ...terminals(data, inside, trimap, prior, personModel, roomModel),
      right,
      down,
    });
  }
  const opened = dilate(
    erode(
      Uint8Array.from(labels, (label, at) => label & inside[at]!),
      width,
      height,
    ),
    width,
    height,
  );
  return keepPersonParts(opened, trimap, width, height);
}

/** 1 where every pixel of the (2r+1)² box around is 1. */
function erode(mask: Uint8Array, width: number, height: number): Uint8Array {
  const full = (2 * OPENING_RADIUS + 1) ** 2;
  const mean = boxMean(Float32Array.from(mask), width, height, OPENING_RADIUS);
  return Uint8Array.from(mean, (value, at) => {
    const x = at % width;
    const y = (at - x) / width;
    const clipped = Math.min(x, y, width - 1 - x, height - 1 - y) < OPENING_RADIUS;
    return value > 1 - 0.5 / full || (clipped && mask[at]! > 0 && value > 0.99) ? 1 : 0;
  });
}

/** 1 where any pixel of the (2r+1)² box around is 1. */
function dilate(mask: Uint8Array, width: number, height: number): Uint8Array {
  const mean = boxMean(Float32Array.from(mask), width, height, OPENING_RADIUS);
  return Uint8Array.from(mean, (value) => (value > 0 ? 1 : 0));
}

/** Only the parts of the cut that hold some surely-person pixel (the rest is room). */
function keepPersonParts(
  mask: Uint8Array,
  trimap: Trimap,
  width: number,
  height: number,
): Uint8Array {
  const kept = new Uint8Array(mask.length);
  const stack: number[] = [];
  for (let at = 0; at < mask.length; at += 1) {
    if (trimap[at] === PERSON && mask[at] && !kept[at]) {
      kept[at] = 1;
      stack.push(at);
    }
  }
  while (stack.length > 0) {
    const at = stack.pop()!;
    const x = at % width;
    for (const next of [x > 0 ? at - 1 : -1, x < width - 1 ? at + 1 : -1, at - width, at + width]) {
      if (next < 0 || next >= width * height || kept[next] || !mask[next]) continue;
      kept[next] = 1;
      stack.push(next);
    }
  }
  return kept;
}

function terminals(
  data: Float32Array,
  inside: Uint8Array,
  trimap: Trimap,
  prior: Float32Array,
  personModel: ColourModel,
  roomModel: ColourModel,
) {
  const count = trimap.length;
  const toSource = new Float32Array(count);
  const toSink = new Float32Array(count);
  for (let at = 0; at < count; at += 1) {
    if (!inside[at]) continue;
    if (trimap[at] === PERSON) {
      toSource[at] = HARD;
      continue;
    }
    if (trimap[at] === ROOM) {
      toSink[at] = HARD;
      continue;
    }
    const [r, g, b] = [data[at * 3]!, data[at * 3 + 1]!, data[at * 3 + 2]!];
    const shape = SHAPE_PULL * prior[at]!;
    // Cost of calling it room (cut from the source) and of calling it person.
    toSource[at] = roomModel.cost(r, g, b) + Math.max(0, shape);
    toSink[at] = personModel.cost(r, g, b) + Math.max(0, -shape);
  }
  return { toSource, toSink };
}

/** Neighbour weights: high within a region of one colour, low across an edge of the photo. */
function smoothness(data: Float32Array, width: number, height: number, inside: Uint8Array) {
  const count = width * height;
  const difference = (a: number, b: number) =>
    (data[a * 3]! - data[b * 3]!) ** 2 +
    (data[a * 3 + 1]! - data[b * 3 + 1]!) ** 2 +
    (data[a * 3 + 2]! - data[b * 3 + 2]!) ** 2;
  let sum = 0;
  let pairs = 0;
  for (let at = 0; at < count; at += 1) {
    if (at % width < width - 1) {
      sum += difference(at, at + 1);
      pairs += 1;
    }
    if (at + width < count) {
      sum += difference(at, at + width);
      pairs += 1;
    }
  }
  const beta = 1 / (2 * Math.max(1e-6, sum / pairs));
  const right = new Float32Array(count);
  const down = new Float32Array(count);
  for (let at = 0; at < count; at += 1) {
    if (!inside[at]) continue;
    if (at % width < width - 1 && inside[at + 1])
      right[at] = SMOOTHNESS * Math.exp(-beta * difference(at, at + 1));
    if (at + width < count && inside[at + width])
      down[at] = SMOOTHNESS * Math.exp(-beta * difference(at, at + width));
  }
  void height;
  return { right, down };
}

/**
 * The half-size labels brought to full size and softened along the photo's edges: a guided
 * filter (He et al. 2010) with the photo's grey levels as the guide.
 */
function refine(
  framed: RgbImage,
  inside: Uint8Array,
  labels: Uint8Array,
  halfWidth: number,
): Float32Array {
  const { width, height } = framed;
  const rough = new Float32Array(width * height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const hx = Math.min(halfWidth - 1, x >> 1);
      const hy = Math.min(labels.length / halfWidth - 1, y >> 1);
      rough[y * width + x] = labels[hy * halfWidth + hx]!;
    }
  }
  // The filter's outer fringe still holds some room colour: the matte is tightened a little.
  return guidedFilter(framed, inside, rough).map((value) =>
    Math.min(1, Math.max(0, (value - 0.2) / 0.7)),
  );
}
