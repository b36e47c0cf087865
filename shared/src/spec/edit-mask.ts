/**
 * Masks an engine that fills the painted region from the rest of the photo (capability
 * `editFollowsPrompt: false`, the built-in engine) cannot fill well: it rebuilds the region
 * from patches around it, so a region much larger than what surrounds it repeats those patches,
 * and a mask across the face outline or over another person's face asks it for a face edge or a
 * face it has no photos of. The generate page says so before submit and the api refuses such
 * an edit with the same words.
 */
export const EDIT_MASK_LIMITS = {
  /** The largest share of the photo's pixels the mask may cover. */
  maxAreaFraction: 0.25,
} as const;

export const EDIT_MASK_TEXT = {
  tooLarge:
    'The painted area is too large to fill from the rest of the photo. Paint a smaller area, at most a quarter of the photo, and edit the rest in a second pass.',
  crossesFaceOutline:
    'The mask crosses the outline of the face. Leave the face outline out of the mask: paint only inside the face, or only around it.',
  coversOtherFace:
    "The mask covers another person's face, which your model cannot draw. Paint only over the background or over your own face.",
} as const;

export interface EditMaskFacts {
  /** Painted pixels over all pixels, 0-1. */
  areaFraction: number;
  /** The mask holds pixels both inside and outside the person's face outline. Unknown: false. */
  crossesFaceOutline?: boolean;
  /** The mask covers part of a face other than the person's. Unknown: false. */
  coversOtherFace?: boolean;
}

/** What is wrong with the mask for a fill-from-photo engine, with what to do instead; or null. */
export function editMaskProblem(facts: EditMaskFacts): string | null {
  if (facts.areaFraction > EDIT_MASK_LIMITS.maxAreaFraction) return EDIT_MASK_TEXT.tooLarge;
  if (facts.coversOtherFace) return EDIT_MASK_TEXT.coversOtherFace;
  if (facts.crossesFaceOutline) return EDIT_MASK_TEXT.crossesFaceOutline;
  return null;
}
