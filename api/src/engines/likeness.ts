import type { Likeness } from '@app/shared/contract/likeness';

/**
 * The mean descriptor distance at which a face stops reading as the model's person: face-api's
 * same-person threshold, which lies in the gap between the same-person and different-person
 * pairs of the repo's test photos (engines README, "Likeness").
 */
export const LIKENESS_THRESHOLD = 0.6;
/** How fast the score falls around the threshold: fitted so both groups of pairs read clearly. */
const LIKENESS_SPREAD = 0.068;

/**
 * An image's likeness from its identity score (1 - the mean descriptor distance to the model's
 * photos, identity-score.ts): a percentage that is high for a face of the same person and low
 * for anyone else, and the verdict the UI shows. Null when the image has no face.
 */
export function likenessOf(identityScore: number | null): Likeness {
  if (identityScore === null) return null;
  const distance = 1 - identityScore;
  const share = 1 / (1 + Math.exp((distance - LIKENESS_THRESHOLD) / LIKENESS_SPREAD));
  return {
    score: Math.round(share * 100),
    verdict: distance <= LIKENESS_THRESHOLD ? 'looks-like-you' : 'might-not-look-like-you',
  };
}
