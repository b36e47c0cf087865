import type { RgbImage } from './face-api';
import { pushPullFill } from './inpaint';
import { poissonBlend } from './poisson';
import { seededRandom } from './random';

/**
 * Exemplar-based inpainting, as content-aware fill does it: the hole is rebuilt from patches of
 * the image around it (Wexler, Shechtman & Irani 2007), the matches found with PatchMatch
 * (Barnes et al. 2009), coarse to fine. Costs are kept to a few hundred thousand pixels: the
 * search runs on a crop around the hole at a reduced scale, and the full-size hole is then
 * rebuilt from the matches found there, so it keeps the photo's own texture at full resolution.
 * A last gradient-domain pass (poisson.ts) makes the fill meet the photo without a seam.
 */

const PATCH_RADIUS = 3;
const PATCH = 2 * PATCH_RADIUS + 1;
/** Crop pixels the search itself runs on; larger crops are searched at a reduced scale. */
const SEARCH_PIXELS = 160_000;
/**
 * The coarsest level: the hole is at most this many pixels across there, or the image would get
 * shorter than MIN_SIDE.
 */
const COARSEST_HOLE = 16;
const MIN_SIDE = 4 * PATCH;
/**
 * A source patch one hole-width away (`holeAcross`) costs as much as a mean squared difference of
 * this many grey levels² per value: nearby content is the likelier continuation (a wall beside the
 * hole rather than a shoulder across the photo), yet a clearly better match farther away still
 * wins.
 */
const LOCALITY = 36;
/**
 * A pixel of a smaller level is known when at least this share of it is, i.e. one of the four
 * pixels it halves: less, and a sliver of an edge would widen it by a whole pixel there.
 */
const KNOWN_SHARE = 0.25;
/** How far around the hole patches are taken from, as a share of the hole's longer side. */
const CONTEXT = 0.8;
const MIN_CONTEXT_PX = 24;
/** Search-and-vote rounds at the coarsest level and at each finer one. */
const COARSEST_ROUNDS = 8;
const FINER_ROUNDS = 4;

interface ExemplarFillOptions {
  /** Random search draws from this seed: the same edit gives the same bytes. */
  seed: number;
  /** Image-sized, 1 where patches may be copied from; default: anywhere outside the hole. */
  sources?: Uint8Array;
  /** Pixels of the crop the search runs on (default SEARCH_PIXELS). */
  searchPixels?: number;
  /** How strongly nearby patches are preferred, times LOCALITY (default 1). */
  locality?: number;
  /**
   * Image-sized, 1 where the fill must meet the image at the hole's border; elsewhere the border
   * is left free. Default: everywhere.
   */
  anchors?: Uint8Array;
}

interface Level {
  width: number;
  height: number;
  colour: Float32Array;
  hole: Uint8Array;
  allowed: Uint8Array;
  /** How much of each pixel the photo shows, 0 to 1 (the rest is hole), and may be copied from. */
  share: Float32Array;
  usable: Float32Array;
  /** Added to a patch distance per squared pixel between the two patches (see LOCALITY). */
  locality: number;
}

interface Field {
  /** Per pixel: the source patch centre matched to the target patch centred there, or -1. */
  match: Int32Array;
  distance: Float32Array;
  targets: Int32Array;
}

interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Returns a copy of `image` with the hole (1 = fill) rebuilt from the rest of the image. */
export function exemplarFill(
  image: RgbImage,
  hole: Uint8Array,
  { seed, sources, searchPixels = SEARCH_PIXELS, locality = 1, anchors }: ExemplarFillOptions,
): RgbImage {
  const out: RgbImage = { ...image, data: Uint8Array.from(image.data) };
  const box = holeBox(hole, image.width, image.height);
  if (!box) return out;
  const margin = Math.max(MIN_CONTEXT_PX, Math.round(CONTEXT * Math.max(box.width, box.height)));
  const left = Math.max(0, box.left - margin);
  const top = Math.max(0, box.top - margin);
  const crop: Rect = {
    left,
    top,
    width: Math.min(image.width, box.left + box.width + margin) - left,
    height: Math.min(image.height, box.top + box.height + margin) - top,
  };
  let scale = 1;
  while ((crop.width / scale) * (crop.height / scale) > searchPixels) scale *= 2;
  const searched = shrink(image, hole, sources, crop, scale);
  if (Math.min(searched.width, searched.height) < PATCH + 2) return pushPullFill(image, hole);

  const levels = [searched];
  while (coarser(levels.at(-1)!)) levels.push(halve(levels.at(-1)!));
  for (const level of levels) {
    level.locality = (locality * LOCALITY * PATCH * PATCH * 3) / holeAcross(level) ** 2;
  }
  const random = seededRandom(seed);
  let field: Field | undefined;
  let fieldLevel = levels.length;
  for (let index = levels.length - 1; index >= 0; index -= 1) {
    const level = levels[index]!;
    const valid = validCentres(level);
    if (valid.length === 0) {
      if (field) break;
      continue;
    }
    if (!field) {
      peelHole(level, valid, validMask(level, valid));
      field = randomField(level, valid, random);
    } else {
      upsampleColour(levels[index + 1]!, level);
      field = upsampleField(field, levels[index + 1]!, level, valid, random);
      vote(level, field);
    }
    fieldLevel = index;
    const rounds = index === levels.length - 1 ? COARSEST_ROUNDS : FINER_ROUNDS;
    const isValid = validMask(level, valid);
    for (let round = 0; round < rounds; round += 1) {
      search(level, field, isValid, random, round % 2 === 1);
      vote(level, field);
    }
  }
  if (!field) return pushPullFill(image, hole);
  const fill = rebuild(image, hole, box, levels[fieldLevel]!, field, crop, scale * 2 ** fieldLevel);
  blendFill(out, hole, box, fill, anchors);
  return out;
}

/**
 * How far across the hole is: its area over its longer side, the side of a square hole and the
 * width of a stroke. A stroke's continuation is beside it, however long it is.
 */
function holeAcross(level: Level): number {
  const extent = holeBox(level.hole, level.width, level.height)!;
  let area = 0;
  for (const inHole of level.hole) area += inHole;
  return Math.max(1, area / Math.max(extent.width, extent.height));
}

function holeBox(hole: Uint8Array, width: number, height: number) {
  let [minX, minY, maxX, maxY] = [width, height, -1, -1];
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if (!hole[y * width + x]) continue;
      minX = Math.min(minX, x);
      maxX = Math.max(maxX, x);
      minY = Math.min(minY, y);
      maxY = Math.max(maxY, y);
    }
  }
  if (maxX < 0) return undefined;
  return { left: minX, top: minY, width: maxX - minX + 1, height: maxY - minY + 1 };
}

/** The crop at 1/scale of its size, by the rule of `halve`. */
function shrink(
  image: RgbImage,
  hole: Uint8Array,
  sources: Uint8Array | undefined,
  crop: Rect,
  scale: number,
): Level {
  const width = Math.ceil(crop.width / scale);
  const height = Math.ceil(crop.height / scale);
  const parts = newParts(width * height);
  for (let y = 0; y < crop.height; y += 1) {
    const row = Math.floor(y / scale) * width;
    for (let x = 0; x < crop.width; x += 1) {
      const from = (crop.top + y) * image.width + crop.left + x;
      const to = row + Math.floor(x / scale);
      const usable = !hole[from] && (!sources || sources[from] === 1);
      if (!usable) parts.allowed[to] = 0;
      parts.counts[to]! += 1;
      if (hole[from]) continue;
      addPart(parts, to, 1, usable ? 1 : 0, image.data, from);
    }
  }
  return knownMeans(width, height, parts);
}

/**
 * Half size. A pixel is known, as the mean of its known part, as soon as KNOWN_SHARE of it is
 * photo the fill may copy: a strip of the photo narrower than a pixel here along the hole's
 * border (the band of a wall below the hole, the wall beside it at the photo's edge) still pins
 * the coarse fill there, instead of joining the hole and leaving the fill free to run the wall
 * above across it. Content the fill may not copy (the person beside a fill of the room) pins
 * only pixels it wholly covers. It is a source only when all its pixels are, so no hole colour
 * leaks into a copied patch.
 */
function halve(level: Level): Level {
  const width = (level.width + 1) >> 1;
  const height = (level.height + 1) >> 1;
  const parts = newParts(width * height);
  for (let y = 0; y < level.height; y += 1) {
    for (let x = 0; x < level.width; x += 1) {
      const from = y * level.width + x;
      const to = (y >> 1) * width + (x >> 1);
      if (!level.allowed[from]) parts.allowed[to] = 0;
      parts.counts[to]! += 1;
      // A pixel's colour is the mean of its known part (even in the hole, before it is filled),
      // so it counts by that part's size.
      addPart(parts, to, level.share[from]!, level.usable[from]!, level.colour, from);
    }
  }
  return knownMeans(width, height, parts);
}

/** What the pixels of a smaller level sum up while it is made. */
interface Parts {
  counts: Float32Array;
  /** How much of each pixel is known, and how much of that may be copied from. */
  known: Float32Array;
  usable: Float32Array;
  /** Colour sums over those two parts. */
  knownSums: Float32Array;
  usableSums: Float32Array;
  allowed: Uint8Array;
}

function newParts(size: number): Parts {
  return {
    counts: new Float32Array(size),
    known: new Float32Array(size),
    usable: new Float32Array(size),
    knownSums: new Float32Array(size * 3),
    usableSums: new Float32Array(size * 3),
    allowed: new Uint8Array(size).fill(1),
  };
}

function addPart(
  parts: Parts,
  to: number,
  known: number,
  usable: number,
  colour: ArrayLike<number>,
  from: number,
): void {
  parts.known[to]! += known;
  parts.usable[to]! += usable;
  for (let c = 0; c < 3; c += 1) {
    parts.knownSums[to * 3 + c]! += known * colour[from * 3 + c]!;
    parts.usableSums[to * 3 + c]! += usable * colour[from * 3 + c]!;
  }
}

/**
 * A level from those sums: a pixel wholly known is known, and so is one known enough from
 * sources. A hole thinner than that everywhere (a fine stroke) would vanish: it keeps the pixels
 * it touches, as coarser levels must see it to fill it.
 */
function knownMeans(width: number, height: number, parts: Parts, lenient = true): Level {
  const { counts, known, usable, knownSums, usableSums, allowed } = parts;
  const size = width * height;
  const share = known.map((part, at) => part / counts[at]!);
  const usableShare = usable.map((part, at) => part / counts[at]!);
  const hole = new Uint8Array(size);
  const colour = new Float32Array(size * 3);
  for (let at = 0; at < size; at += 1) {
    const whole = share[at]! >= 1;
    const [sums, weight] = whole ? [knownSums, known[at]!] : [usableSums, usable[at]!];
    hole[at] = whole || (lenient && usableShare[at]! >= KNOWN_SHARE) ? 0 : 1;
    // A pixel left in the hole keeps the mean of its known part, for the level below it.
    const [from, total] = hole[at] ? [knownSums, known[at]!] : [sums, weight];
    for (let c = 0; c < 3; c += 1) colour[at * 3 + c] = from[at * 3 + c]! / Math.max(1e-6, total);
  }
  if (lenient && !hole.includes(1)) return knownMeans(width, height, parts, false);
  return { width, height, colour, hole, share, usable: usableShare, allowed, locality: 0 };
}

function coarser(level: Level): boolean {
  if (Math.min(level.width, level.height) >> 1 < MIN_SIDE) return false;
  const box = holeBox(level.hole, level.width, level.height);
  return box !== undefined && Math.max(box.width, box.height) > COARSEST_HOLE;
}

/**
 * The first fill of the coarsest hole, from its border inwards in the order of Criminisi, Pérez
 * & Toyama (2004): the front pixel whose patch is most known and where a strong edge runs into
 * the hole goes first, so edges carry on straight into it before flat areas close in around
 * them (a smooth guess would blur them away, and the search would settle on the blur). Each
 * pixel copies the centre of the source patch that best matches what is known around it.
 */
function peelHole(level: Level, valid: Int32Array, isValid: Uint8Array): void {
  const { width, height, colour, hole } = level;
  const confidence = Float32Array.from(hole, (inHole) => (inHole ? 0 : 1));
  const copiedFrom = new Int32Array(hole.length).fill(-1);
  const known = (x: number, y: number) =>
    x >= 0 && y >= 0 && x < width && y < height && confidence[y * width + x]! > 0;
  const onFront = (at: number) => {
    const x = at % width;
    const y = (at - x) / width;
    return (
      confidence[at] === 0 &&
      (known(x - 1, y) || known(x + 1, y) || known(x, y - 1) || known(x, y + 1))
    );
  };
  const priority = (at: number) => {
    const x = at % width;
    const y = (at - x) / width;
    let sum = 0;
    for (let dy = -PATCH_RADIUS; dy <= PATCH_RADIUS; dy += 1) {
      for (let dx = -PATCH_RADIUS; dx <= PATCH_RADIUS; dx += 1) {
        if (known(x + dx, y + dy)) sum += confidence[(y + dy) * width + x + dx]!;
      }
    }
    // The front's normal, from the known side, and the strongest edge on the known side.
    const nx = (known(x + 1, y) ? 1 : 0) - (known(x - 1, y) ? 1 : 0);
    const ny = (known(x, y + 1) ? 1 : 0) - (known(x, y - 1) ? 1 : 0);
    const norm = Math.hypot(nx, ny) || 1;
    let data = 0;
    for (let dy = -1; dy <= 1; dy += 1) {
      for (let dx = -1; dx <= 1; dx += 1) {
        const [kx, ky] = [x + dx, y + dy];
        if (!known(kx, ky) || !known(kx + 1, ky) || !known(kx, ky + 1)) continue;
        const grey = (px: number, py: number) => {
          const i = (py * width + px) * 3;
          return (colour[i]! + colour[i + 1]! + colour[i + 2]!) / 3;
        };
        const gx = grey(kx + 1, ky) - grey(kx, ky);
        const gy = grey(kx, ky + 1) - grey(kx, ky);
        // The isophote (along the edge) against the front's normal.
        data = Math.max(data, Math.abs(-gy * nx + gx * ny) / norm / 255);
      }
    }
    return (sum / (PATCH * PATCH)) * (data + 0.01);
  };
  const front = new Set<number>();
  for (let at = 0; at < hole.length; at += 1) if (onFront(at)) front.add(at);
  const priorities = new Map<number, number>();
  for (const at of front) priorities.set(at, priority(at));
  while (front.size > 0) {
    let target = -1;
    let top = -Infinity;
    for (const at of front) {
      if (priorities.get(at)! > top) {
        top = priorities.get(at)!;
        target = at;
      }
    }
    const tx = target % width;
    const ty = (target - tx) / width;
    let best = -1;
    let bestDistance = Infinity;
    const consider = (source: number) => {
      let sum = 0;
      let count = 0;
      for (let dy = -PATCH_RADIUS; dy <= PATCH_RADIUS; dy += 1) {
        for (let dx = -PATCH_RADIUS; dx <= PATCH_RADIUS; dx += 1) {
          if (!known(tx + dx, ty + dy)) continue;
          const t = ((ty + dy) * width + tx + dx) * 3;
          const from = (source + dy * width + dx) * 3;
          for (let c = 0; c < 3; c += 1) sum += (colour[t + c]! - colour[from + c]!) ** 2;
          count += 1;
        }
      }
      const sx = source % width;
      const sy = (source - sx) / width;
      const far = ((sx - tx) ** 2 + (sy - ty) ** 2) / (PATCH * PATCH);
      const distance = count > 0 ? sum / count + level.locality * far : Infinity;
      if (distance < bestDistance) {
        bestDistance = distance;
        best = source;
      }
    };
    // Every source: a sample of them (every other one in a row) would keep an edge's
    // continuation from landing on the pixel it runs through, and shift it by one.
    for (const source of valid) consider(source);
    // Coherence: a filled neighbour's source, shifted by the same step, continues its copy.
    for (const step of [-1, 1, -width, width]) {
      const from = copiedFrom[target + step] ?? -1;
      if (from >= 0 && isValid[from - step]) consider(from - step);
    }
    copiedFrom[target] = best;
    for (let c = 0; c < 3; c += 1) colour[target * 3 + c] = colour[best * 3 + c]!;
    confidence[target] = Math.max(1e-3, knownShare(target));
    front.delete(target);
    priorities.delete(target);
    // The front moves: the neighbours may join it, and the priorities near it change.
    for (let dy = -PATCH_RADIUS; dy <= PATCH_RADIUS; dy += 1) {
      for (let dx = -PATCH_RADIUS; dx <= PATCH_RADIUS; dx += 1) {
        const [x, y] = [tx + dx, ty + dy];
        if (x < 0 || y < 0 || x >= width || y >= height) continue;
        const at = y * width + x;
        if (onFront(at)) {
          front.add(at);
          priorities.set(at, priority(at));
        }
      }
    }
  }

  /** The confidence a filled pixel gets: the share of its patch known before it. */
  function knownShare(at: number): number {
    const x = at % width;
    const y = (at - x) / width;
    let sum = 0;
    for (let dy = -PATCH_RADIUS; dy <= PATCH_RADIUS; dy += 1) {
      for (let dx = -PATCH_RADIUS; dx <= PATCH_RADIUS; dx += 1) {
        if ((dx !== 0 || dy !== 0) && known(x + dx, y + dy))
          sum += confidence[(y + dy) * width + x + dx]!;
      }
    }
    return sum / (PATCH * PATCH);
  }
}

/** Pixels whose whole patch lies inside the level and is allowed: where patches come from. */
function validCentres(level: Level): Int32Array {
  const { width, height, allowed } = level;
  // Summed-area table of disallowed pixels: a centre is valid when its patch sums to zero.
  const sums = new Int32Array((width + 1) * (height + 1));
  for (let y = 0; y < height; y += 1) {
    let row = 0;
    for (let x = 0; x < width; x += 1) {
      row += allowed[y * width + x] ? 0 : 1;
      sums[(y + 1) * (width + 1) + x + 1] = sums[y * (width + 1) + x + 1]! + row;
    }
  }
  const valid: number[] = [];
  for (let y = PATCH_RADIUS; y < height - PATCH_RADIUS; y += 1) {
    for (let x = PATCH_RADIUS; x < width - PATCH_RADIUS; x += 1) {
      const [x0, y0, x1, y1] = [
        x - PATCH_RADIUS,
        y - PATCH_RADIUS,
        x + PATCH_RADIUS + 1,
        y + PATCH_RADIUS + 1,
      ];
      const bad =
        sums[y1 * (width + 1) + x1]! -
        sums[y0 * (width + 1) + x1]! -
        sums[y1 * (width + 1) + x0]! +
        sums[y0 * (width + 1) + x0]!;
      if (bad === 0) valid.push(y * width + x);
    }
  }
  return Int32Array.from(valid);
}

/** Patch centres whose patch touches the hole: the patches the fill is voted from. */
function targetCentres(level: Level): Int32Array {
  const { width, height, hole } = level;
  const targets: number[] = [];
  for (let y = PATCH_RADIUS; y < height - PATCH_RADIUS; y += 1) {
    for (let x = PATCH_RADIUS; x < width - PATCH_RADIUS; x += 1) {
      let touches = false;
      for (let dy = -PATCH_RADIUS; dy <= PATCH_RADIUS && !touches; dy += 1) {
        const row = (y + dy) * width + x;
        for (let dx = -PATCH_RADIUS; dx <= PATCH_RADIUS; dx += 1) {
          if (hole[row + dx]) {
            touches = true;
            break;
          }
        }
      }
      if (touches) targets.push(y * width + x);
    }
  }
  return Int32Array.from(targets);
}

/** Sum of squared differences of two patches, given up once it exceeds `bound`. */
function patchDistance(level: Level, target: number, source: number, bound: number): number {
  const { colour, width } = level;
  const tx = target % width;
  const sx = source % width;
  const rows = (target - tx) / width - (source - sx) / width;
  let sum = level.locality * ((tx - sx) ** 2 + rows ** 2);
  if (sum > bound) return sum;
  for (let dy = -PATCH_RADIUS; dy <= PATCH_RADIUS; dy += 1) {
    let t = (target + dy * width - PATCH_RADIUS) * 3;
    let s = (source + dy * width - PATCH_RADIUS) * 3;
    for (let k = 0; k < PATCH * 3; k += 1) {
      const d = colour[t]! - colour[s]!;
      sum += d * d;
      t += 1;
      s += 1;
    }
    if (sum > bound) return sum;
  }
  return sum;
}

function newField(level: Level): Field {
  const targets = targetCentres(level);
  return {
    match: new Int32Array(level.width * level.height).fill(-1),
    distance: new Float32Array(level.width * level.height),
    targets,
  };
}

function randomField(level: Level, valid: Int32Array, random: () => number): Field {
  const field = newField(level);
  for (const target of field.targets) {
    const source = valid[Math.floor(random() * valid.length)]!;
    field.match[target] = source;
    field.distance[target] = patchDistance(level, target, source, Infinity);
  }
  return field;
}

/** Matches of the coarser level, doubled, keep their place in the patch; else a random one. */
function upsampleField(
  coarse: Field,
  coarseLevel: Level,
  level: Level,
  valid: Int32Array,
  random: () => number,
): Field {
  const isValid = validMask(level, valid);
  const field = newField(level);
  for (const target of field.targets) {
    const x = target % level.width;
    const y = (target - x) / level.width;
    const cx = Math.min(coarseLevel.width - 1, x >> 1);
    const cy = Math.min(coarseLevel.height - 1, y >> 1);
    const matched = coarse.match[cy * coarseLevel.width + cx]!;
    let source = -1;
    if (matched >= 0) {
      const mx = matched % coarseLevel.width;
      const my = (matched - mx) / coarseLevel.width;
      const sx = 2 * mx + (x - 2 * cx);
      const sy = 2 * my + (y - 2 * cy);
      const candidate = sy * level.width + sx;
      if (sx < level.width && sy < level.height && isValid[candidate]) source = candidate;
    }
    if (source < 0) source = valid[Math.floor(random() * valid.length)]!;
    field.match[target] = source;
    field.distance[target] = patchDistance(level, target, source, Infinity);
  }
  return field;
}

/**
 * A level's hole starts as the coarser level's fill, each pixel as the one it halves into, so
 * the matches brought up from there are weighed against that fill and not the hole's old
 * content.
 */
function upsampleColour(coarse: Level, level: Level): void {
  for (let y = 0; y < level.height; y += 1) {
    for (let x = 0; x < level.width; x += 1) {
      const at = y * level.width + x;
      if (!level.hole[at]) continue;
      const from = (y >> 1) * coarse.width + (x >> 1);
      for (let c = 0; c < 3; c += 1) level.colour[at * 3 + c] = coarse.colour[from * 3 + c]!;
    }
  }
}

function validMask(level: Level, valid: Int32Array): Uint8Array {
  const mask = new Uint8Array(level.width * level.height);
  for (const at of valid) mask[at] = 1;
  return mask;
}

/** One PatchMatch pass: neighbours' matches shifted by one, then a shrinking random search. */
function search(
  level: Level,
  field: Field,
  isValid: Uint8Array,
  random: () => number,
  backwards: boolean,
): void {
  const { width, height } = level;
  const { match, distance, targets } = field;
  const step = backwards ? -1 : 1;
  const consider = (target: number, source: number) => {
    // Valid centres lie a patch radius inside the level, so a shifted match never wraps a row.
    if (source < 0 || source >= isValid.length || !isValid[source]) return;
    const d = patchDistance(level, target, source, distance[target]!);
    if (d < distance[target]!) {
      distance[target] = d;
      match[target] = source;
    }
  };
  for (let i = backwards ? targets.length - 1 : 0; i >= 0 && i < targets.length; i += step) {
    const target = targets[i]!;
    const beside = match[target - step] ?? -1;
    if (beside >= 0) consider(target, beside + step);
    const above = match[target - step * width] ?? -1;
    if (above >= 0) consider(target, above + step * width);
    const sx0 = match[target]! % width;
    const sy0 = (match[target]! - sx0) / width;
    for (let radius = Math.max(width, height); radius >= 1; radius >>= 1) {
      const sx = Math.round(sx0 + (2 * random() - 1) * radius);
      const sy = Math.round(sy0 + (2 * random() - 1) * radius);
      if (sx < 0 || sy < 0 || sx >= width || sy >= height) continue;
      consider(target, sy * width + sx);
    }
  }
}

/**
 * How much a patch's vote counts: exp(-d / 2σ²) with σ² the 75th percentile of the patches'
 * distances (Wexler et al.), so good matches outvote poor ones and the fill stays sharp.
 */
function voteWeights(field: Field): Float32Array {
  const { targets, distance } = field;
  const sample = Array.from(targets, (target) => distance[target]!).sort((a, b) => a - b);
  const spread = Math.max(1, sample[Math.floor(sample.length * 0.75)] ?? 1);
  const weights = new Float32Array(distance.length);
  for (const target of targets) weights[target] = Math.exp(-distance[target]! / (2 * spread));
  return weights;
}

/** Each hole pixel becomes the weighted mean of what the patches covering it say it is. */
function vote(level: Level, field: Field): void {
  const { width, colour, hole } = level;
  const weights = voteWeights(field);
  const sums = new Float32Array(colour.length);
  const totals = new Float32Array(hole.length);
  for (const target of field.targets) {
    const source = field.match[target]!;
    const weight = weights[target]!;
    for (let dy = -PATCH_RADIUS; dy <= PATCH_RADIUS; dy += 1) {
      for (let dx = -PATCH_RADIUS; dx <= PATCH_RADIUS; dx += 1) {
        const t = target + dy * width + dx;
        if (!hole[t]) continue;
        const s = source + dy * width + dx;
        totals[t]! += weight;
        sums[t * 3]! += weight * colour[s * 3]!;
        sums[t * 3 + 1]! += weight * colour[s * 3 + 1]!;
        sums[t * 3 + 2]! += weight * colour[s * 3 + 2]!;
      }
    }
  }
  for (let at = 0; at < hole.length; at += 1) {
    if (!hole[at] || totals[at]! <= 0) continue;
    for (let c = 0; c < 3; c += 1) colour[at * 3 + c] = sums[at * 3 + c]! / totals[at]!;
  }
}

/** The fill over the hole's box, 3 values per pixel, and where each pixel's content came from. */
interface Fill {
  colour: Float32Array;
  /** Per box pixel: the image pixel its strongest vote copied, or -1. */
  origin: Int32Array;
}

/**
 * The full-size hole rebuilt from the matches of the level they were searched at (`scale` times
 * smaller than the image): each pixel takes the pixels its 4 nearest patches' matches point at,
 * scaled back up, so the fill has the photo's own full-resolution texture.
 */
function rebuild(
  image: RgbImage,
  hole: Uint8Array,
  box: Rect,
  searched: Level,
  field: Field,
  crop: Rect,
  scale: number,
): Fill {
  const colour = new Float32Array(box.width * box.height * 3);
  const origin = new Int32Array(box.width * box.height).fill(-1);
  const weights = voteWeights(field);
  // The 2 nearest searched-level centres of a full-size position, and how near each is.
  const nearness = (position: number) => {
    const f = (position + 0.5) / scale - 0.5;
    const base = Math.floor(f);
    return { base, near: [1 - (f - base), f - base] };
  };
  const columns = Array.from({ length: box.width }, (_, x) => nearness(box.left + x - crop.left));
  for (let y = 0; y < box.height; y += 1) {
    const cropY = box.top + y - crop.top;
    const row = nearness(cropY);
    for (let x = 0; x < box.width; x += 1) {
      const pixel = (box.top + y) * image.width + box.left + x;
      if (!hole[pixel]) continue;
      const cropX = box.left + x - crop.left;
      const column = columns[x]!;
      let r = 0;
      let g = 0;
      let b = 0;
      let total = 0;
      let best = -1;
      let bestWeight = 0;
      for (let dy = 0; dy <= 1; dy += 1) {
        const cy = row.base + dy;
        if (cy < 0 || cy >= searched.height) continue;
        for (let dx = 0; dx <= 1; dx += 1) {
          const cx = column.base + dx;
          if (cx < 0 || cx >= searched.width) continue;
          const centre = cy * searched.width + cx;
          const matched = field.match[centre]!;
          if (matched < 0) continue;
          const mx = matched % searched.width;
          const my = (matched - mx) / searched.width;
          const sx = crop.left + cropX + (mx - cx) * scale;
          const sy = crop.top + cropY + (my - cy) * scale;
          if (sx < 0 || sy < 0 || sx >= image.width || sy >= image.height) continue;
          const source = sy * image.width + sx;
          if (hole[source]) continue;
          const weight = row.near[dy]! * column.near[dx]! * weights[centre]! + 1e-12;
          r += weight * image.data[source * 3]!;
          g += weight * image.data[source * 3 + 1]!;
          b += weight * image.data[source * 3 + 2]!;
          total += weight;
          if (weight > bestWeight) {
            best = source;
            bestWeight = weight;
          }
        }
      }
      const at = y * box.width + x;
      if (total > 0) {
        colour[at * 3] = r / total;
        colour[at * 3 + 1] = g / total;
        colour[at * 3 + 2] = b / total;
        origin[at] = best;
      } else {
        const cx = Math.min(searched.width - 1, Math.max(0, Math.round(cropX / scale)));
        const cy = Math.min(searched.height - 1, Math.max(0, Math.round(cropY / scale)));
        for (let c = 0; c < 3; c += 1)
          colour[at * 3 + c] = searched.colour[(cy * searched.width + cx) * 3 + c]!;
      }
    }
  }
  return { colour, origin };
}

/**
 * Writes the fill into the output through a gradient-domain blend. On the pixels just outside
 * the hole the fill's "own" values are what its content had there at its origin (the pixel next
 * to where it was copied from), so any step between the copied texture and the photo at the
 * hole's border is spread smoothly over the hole instead of showing as a seam.
 */
function blendFill(
  out: RgbImage,
  hole: Uint8Array,
  box: Rect,
  fill: Fill,
  anchors: Uint8Array | undefined,
): void {
  const { width, height, data } = out;
  // The hole's box and a ring of one pixel, clipped to the image.
  const x0 = Math.max(0, box.left - 1);
  const y0 = Math.max(0, box.top - 1);
  const x1 = Math.min(width, box.left + box.width + 1);
  const y1 = Math.min(height, box.top + box.height + 1);
  const patchWidth = x1 - x0;
  const values = new Float32Array(patchWidth * (y1 - y0) * 3);
  const inBox = (x: number, y: number) =>
    x >= box.left && y >= box.top && x < box.left + box.width && y < box.top + box.height;
  for (let y = y0; y < y1; y += 1) {
    for (let x = x0; x < x1; x += 1) {
      const pixel = y * width + x;
      const to = ((y - y0) * patchWidth + x - x0) * 3;
      if (hole[pixel]) {
        const from = ((y - box.top) * box.width + x - box.left) * 3;
        values[to] = fill.colour[from]!;
        values[to + 1] = fill.colour[from + 1]!;
        values[to + 2] = fill.colour[from + 2]!;
        continue;
      }
      let r = 0;
      let g = 0;
      let b = 0;
      let count = 0;
      for (let k = 0; k < 4; k += 1) {
        const dx = k === 0 ? -1 : k === 1 ? 1 : 0;
        const dy = k === 2 ? -1 : k === 3 ? 1 : 0;
        const nx = x + dx;
        const ny = y + dy;
        if (!inBox(nx, ny) || !hole[ny * width + nx]) continue;
        const copied = fill.origin[(ny - box.top) * box.width + nx - box.left]!;
        if (copied < 0) continue;
        // The pixel beside the neighbour's origin, on the side this pixel is on.
        const ox = (copied % width) - dx;
        const oy = (copied - (copied % width)) / width - dy;
        if (ox < 0 || oy < 0 || ox >= width || oy >= height || hole[oy * width + ox]) continue;
        const from = (oy * width + ox) * 3;
        r += data[from]!;
        g += data[from + 1]!;
        b += data[from + 2]!;
        count += 1;
      }
      if (count === 0) {
        r = data[pixel * 3]!;
        g = data[pixel * 3 + 1]!;
        b = data[pixel * 3 + 2]!;
        count = 1;
      }
      values[to] = r / count;
      values[to + 1] = g / count;
      values[to + 2] = b / count;
    }
  }
  const free = anchors && Uint8Array.from(anchors, (anchor) => 1 - anchor);
  poissonBlend(out, hole, { left: x0, top: y0, width: patchWidth, height: y1 - y0, values }, free);
}
