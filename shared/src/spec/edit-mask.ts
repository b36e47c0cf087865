/**
 * Masks an engine that fills the painted region from the rest of the photo (capability
 * `editFollowsPrompt: false`, the built-in engine) cannot fill well: it rebuilds the region from
 * patches around it, so a region larger than what is left around it runs out of matching
 * patches and repeats or smears them. The generate page says so before submit and the api
 * refuses such an edit with the same words.
 */
export const EDIT_MASK_LIMITS = {
  /** The largest share of the photo's pixels the mask may cover. */
  maxAreaFraction: 0.25,
} as const;

export const EDIT_MASK_TEXT = {
  tooLarge:
    'The painted area is too large to fill from the rest of the photo. Paint a smaller area, at most a quarter of the photo, and edit the rest in a second pass.',
  /** Under the disabled Edit Image button, while the note above says why. */
  paintSmaller: 'Paint a smaller area to edit this photo',
} as const;

export interface EditMaskFacts {
  /** Painted pixels over all pixels, 0-1. */
  areaFraction: number;
}

/** What is wrong with the mask for a fill-from-photo engine, with what to do instead; or null. */
export function editMaskProblem(facts: EditMaskFacts): string | null {
  return facts.areaFraction > EDIT_MASK_LIMITS.maxAreaFraction ? EDIT_MASK_TEXT.tooLarge : null;
}
