import type { PhotoProblem } from '@app/shared/contract/models';
import type { CallContext } from './engine';
import { identityScore } from './identity-score';
import { checkPhoto, reviewPhotos, type FaceReview, type TrainingPhoto } from './photo-review';

/**
 * Face checks and identity scores (face-api) for an engine that trains and draws elsewhere
 * (Replicate). `ThreadedCpuEngine` implements it in the CPU engine's thread, so the api's event
 * loop does not stall for them; `faceAnalysisInProcess` runs them in the calling thread.
 */
export interface FaceAnalysis {
  review(photos: readonly TrainingPhoto[], context: CallContext): Promise<FaceReview>;
  identityScore(image: Buffer, references: number[][], signal: AbortSignal): Promise<number | null>;
  /** One uploaded photo's check: why a training could not use it, or null. */
  checkPhoto(image: Buffer, signal: AbortSignal): Promise<PhotoProblem | null>;
}

export const faceAnalysisInProcess: FaceAnalysis = {
  review: reviewPhotos,
  identityScore,
  checkPhoto: (image) => checkPhoto(image),
};
