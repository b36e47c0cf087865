/**
 * Masks an engine that fills the painted region from the rest of the photo (capability
 * `editFollowsPrompt: false`, the built-in engine) cannot fill well, measured on the repo's
 * photos (bench/engine.ts, "edit masks"):
 * - a region larger than what is left around it runs out of matching patches and repeats or
 *   smears them;
 * - a region across the edge of a face loses that edge: skin and background patches smear into
 *   each other along the jaw and cheek;
 * - a region across the outline of a head (its top, or its sides above the ears) loses it the
 *   same way: a patch of skin, hair or room lands on the other side of it;
 * - on a face that is not the model's person, the engine draws its person's face into another
 *   one, which tears.
 * The generate page says so before submit and the api refuses such an edit with the same words.
 */
export const EDIT_MASK_LIMITS = {
  /** The largest share of the photo's pixels the mask may cover. */
  maxAreaFraction: 0.25,
  /** The largest share of a face's or a head's outline the mask may cover: a graze. */
  maxOutlineFraction: 0.01,
  /** The largest share of another person's face the mask may cover. */
  maxOtherFaceFraction: 0.01,
} as const;

export const EDIT_MASK_TEXT = {
  tooLarge:
    'The painted area is too large to fill from the rest of the photo. Paint a smaller area, at most a quarter of the photo, and edit the rest in a second pass.',
  crossesFaceEdge:
    'The painted area crosses the edge of the face, which the fill cannot redraw. Paint inside the face or only beside it, and edit the other side in a second pass.',
  crossesHeadOutline:
    'The painted area crosses the outline of the head, which the fill cannot redraw. Paint only the hair or only the background beside it, and edit the other side in a second pass.',
  coversOtherFace:
    "The painted area covers a face that is not your model's. This engine can only draw your model's face: paint around that face, or edit a photo of your model's person.",
  /** Under the disabled Edit Image button, while the note above says why. */
  changeMask: 'Change the painted area to edit this photo',
} as const;

/** A point of a photo, 0-1 of its upright width and height. */
export interface EditPoint {
  x: number;
  y: number;
}

/** A face of the photo to edit, as the engine sees it. */
export interface EditFace {
  /** The jaw line from ear to ear (face-api's 17 points), in EditPoint units. */
  outline: EditPoint[];
  /**
   * The outline of the head above the ears, left to right, where the room meets the hair (its
   * top, and its sides down to the ears); empty where the photo does not show it (the head cut
   * off by the photo's top edge).
   */
  headOutline: EditPoint[];
  /** Whether it is the face of the edit's (first) model's person. */
  isModelPerson: boolean;
}

export interface EditMaskFacts {
  /** Painted pixels over all pixels, 0-1. */
  areaFraction: number;
  /** Whether the mask is painted at a point (EditPoint units). */
  painted?: (point: EditPoint) => boolean;
  /** The photo's faces; none when the engine did not look (or found none). */
  faces?: EditFace[];
}

/** Points along the outline, evenly spaced: what share of it the mask covers. */
const OUTLINE_SAMPLES = 200;
/** Points over the face's box, per side: what share of the face the mask covers. */
const AREA_SAMPLES = 40;

function alongOutline(outline: EditPoint[]): EditPoint[] {
  const lengths = outline
    .slice(1)
    .map((p, k) => Math.hypot(p.x - outline[k]!.x, p.y - outline[k]!.y));
  const total = lengths.reduce((sum, length) => sum + length, 0);
  const points: EditPoint[] = [];
  for (let k = 0; k < lengths.length; k += 1) {
    const [from, to] = [outline[k]!, outline[k + 1]!];
    const steps = Math.max(1, Math.round((OUTLINE_SAMPLES * lengths[k]!) / Math.max(total, 1e-9)));
    for (let step = 0; step < steps; step += 1) {
      const t = step / steps;
      points.push({ x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t });
    }
  }
  return points;
}

/** Even-odd rule: whether `point` lies inside the polygon (the jaw, closed ear to ear). */
function inside(polygon: EditPoint[], { x, y }: EditPoint): boolean {
  let within = false;
  for (let k = 0, last = polygon.length - 1; k < polygon.length; last = k, k += 1) {
    const [a, b] = [polygon[k]!, polygon[last]!];
    if (a.y > y !== b.y > y && x < ((b.x - a.x) * (y - a.y)) / (b.y - a.y) + a.x) within = !within;
  }
  return within;
}

/** Points of the face: its box sampled evenly, those inside the closed jaw line. */
function overFace(outline: EditPoint[]): EditPoint[] {
  const xs = outline.map((p) => p.x);
  const ys = outline.map((p) => p.y);
  const [left, top] = [Math.min(...xs), Math.min(...ys)];
  const [width, height] = [Math.max(...xs) - left, Math.max(...ys) - top];
  const points: EditPoint[] = [];
  for (let row = 0; row < AREA_SAMPLES; row += 1) {
    for (let column = 0; column < AREA_SAMPLES; column += 1) {
      const point = {
        x: left + ((column + 0.5) * width) / AREA_SAMPLES,
        y: top + ((row + 0.5) * height) / AREA_SAMPLES,
      };
      if (inside(outline, point)) points.push(point);
    }
  }
  return points;
}

const shareOf = (points: EditPoint[], painted: (point: EditPoint) => boolean) =>
  points.length === 0 ? 0 : points.filter(painted).length / points.length;

/** What is wrong with the mask for a fill-from-photo engine, with what to do instead; or null. */
export function editMaskProblem({
  areaFraction,
  painted,
  faces = [],
}: EditMaskFacts): string | null {
  if (areaFraction > EDIT_MASK_LIMITS.maxAreaFraction) return EDIT_MASK_TEXT.tooLarge;
  if (!painted) return null;
  for (const face of faces) {
    if (face.outline.length < 3) continue;
    if (face.isModelPerson) {
      const covered = shareOf(alongOutline(face.outline), painted);
      if (covered > EDIT_MASK_LIMITS.maxOutlineFraction) return EDIT_MASK_TEXT.crossesFaceEdge;
    } else {
      const covered = shareOf([...alongOutline(face.outline), ...overFace(face.outline)], painted);
      if (covered > EDIT_MASK_LIMITS.maxOtherFaceFraction) return EDIT_MASK_TEXT.coversOtherFace;
    }
    const headOutline = shareOf(alongOutline(face.headOutline), painted);
    if (headOutline > EDIT_MASK_LIMITS.maxOutlineFraction) return EDIT_MASK_TEXT.crossesHeadOutline;
  }
  return null;
}
