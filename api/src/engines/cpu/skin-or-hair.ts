import type { Point, RgbImage } from './face-api';
import { faceOutline, rasterizePolygon } from './face-region';
import { exemplarFill } from './patch-match';
import { PERSON } from './person-or-room';

/** How far from the forehead's colour (RGB distance, in its own spreads) skin may be. */
const SKIN_SPREADS = 3;
const MIN_SKIN_DISTANCE = 24;

/**
 * The person's hidden skin, filled from the person's visible skin before the rest of the person.
 * A hidden pixel of the person is skin when the visible pixel of the person nearest to it is. So
 * a stroke across the top of the forehead is skin under the middle of the hairline and hair where
 * the hair comes down beside it, split half-way between the two. Without this, the fill took
 * whatever patches of the person it found first, such as the headband across the forehead.
 * Returns the image with that skin filled, the hole left for the rest of the person and the room,
 * and the sources without the skin, so the hair left is not drawn from it either.
 */
export function fillHiddenSkin(
  image: RgbImage,
  hole: Uint8Array,
  sources: Uint8Array,
  labels: Uint8Array,
  landmarks: Point[],
  seed: number,
): { image: RgbImage; hole: Uint8Array; sources: Uint8Array } {
  const isSkin = skinTest(image, hole, landmarks);
  if (!isSkin) return { image, hole, sources };
  const { width } = image;
  const hidden = (at: number) => hole[at] === 1 && labels[at] === PERSON;
  // Each hidden pixel of the person takes the kind of the nearest visible one (breadth first),
  // starting from the visible pixels of the person beside the hidden ones, in pixel order. Found
  // from the hidden pixels, which are few, rather than by visiting every visible one.
  const kind = new Int8Array(hole.length).fill(-1);
  const border = new Set<number>();
  for (let at = 0; at < hole.length; at += 1) {
    if (!hidden(at)) continue;
    for (const from of neighbours(at, width, hole.length))
      if (!hole[from] && labels[from] === PERSON) border.add(from);
  }
  let front = [...border].sort((a, b) => a - b);
  for (const at of front) kind[at] = isSkin(at) ? 1 : 0;
  while (front.length > 0) {
    const next: number[] = [];
    for (const at of front) {
      for (const to of neighbours(at, width, hole.length)) {
        if (kind[to] !== -1 || !hidden(to)) continue;
        kind[to] = kind[at]!;
        next.push(to);
      }
    }
    front = next;
  }
  const skinHole = new Uint8Array(hole.length);
  const skinSources = new Uint8Array(hole.length);
  const rest = Uint8Array.from(hole);
  const otherSources = Uint8Array.from(sources);
  let any = 0;
  for (let at = 0; at < hole.length; at += 1) {
    if (kind[at] === 1 && hole[at]) {
      skinHole[at] = 1;
      rest[at] = 0;
      any = 1;
    }
    if (!hole[at] && labels[at] === PERSON && sources[at] && isSkin(at)) {
      skinSources[at] = 1;
      otherSources[at] = 0;
    }
  }
  if (!any) return { image, hole, sources };
  return {
    image: exemplarFill(image, skinHole, { seed, sources: skinSources }),
    hole: rest,
    sources: otherSources,
  };
}

/** The pixels left, right, above and below `at` that lie in the image. */
function neighbours(at: number, width: number, size: number): number[] {
  const x = at % width;
  const all = [x > 0 ? at - 1 : -1, x + 1 < width ? at + 1 : -1, at - width, at + width];
  return all.filter((next) => next >= 0 && next < size);
}

/** Whether a pixel looks like the person's skin, from the visible forehead's colour. */
function skinTest(
  { width, height, data }: RgbImage,
  hole: Uint8Array,
  landmarks: Point[],
): ((at: number) => boolean) | undefined {
  const face = rasterizePolygon(faceOutline(landmarks), width, height);
  const brows = Math.min(...landmarks.slice(17, 27).map((point) => point.y));
  const samples: number[] = [];
  for (let y = 0; y < Math.min(height, Math.floor(brows)); y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = y * width + x;
      if (face[at] && !hole[at]) samples.push(at);
    }
  }
  if (samples.length === 0) return undefined;
  const mean = [0, 1, 2].map(
    (c) => samples.reduce((sum, at) => sum + data[at * 3 + c]!, 0) / samples.length,
  );
  const distance = (at: number) =>
    Math.hypot(
      data[at * 3]! - mean[0]!,
      data[at * 3 + 1]! - mean[1]!,
      data[at * 3 + 2]! - mean[2]!,
    );
  // The spread of most of it: a stray hair or a shadow among the samples does not widen it.
  const distances = samples.map(distance).sort((a, b) => a - b);
  const limit = Math.max(
    MIN_SKIN_DISTANCE,
    SKIN_SPREADS * distances[Math.floor(distances.length * 0.75)]!,
  );
  return (at) => distance(at) <= limit;
}
