import type { PhotoIssue, PhotoProblem } from '@app/shared/contract/models';
import { MIN_TRAINING_PHOTOS } from '@app/shared/spec';
import { JobFailure } from '../jobs/job-failures';
import { alignFace } from './cpu/align-face';
import { decodeForAnalysis } from './cpu/decode';
import { detectFaces, type Point, type RgbImage } from './cpu/face-api';
import { photoProblem } from './cpu/photo-checks';
import type { CallContext, TrainRequest } from './engine';

const PROBLEM_TEXT: Record<PhotoProblem, string> = {
  'no-face': 'no face found',
  'several-faces': 'more than one face',
  'face-too-small': 'face too small',
  'too-blurry': 'too blurry',
};

function describeIssues(issues: PhotoIssue[]): string {
  return issues.map((issue) => `${issue.filename}: ${PROBLEM_TEXT[issue.problem]}`).join('; ');
}

export type TrainingPhoto = TrainRequest['photos'][number];

export interface UsablePhoto {
  photo: TrainingPhoto;
  /** The face warped into the 256 px canonical frame. */
  aligned: RgbImage;
  /** 128-d face descriptor: the reference identity scores compare against. */
  descriptor: Float32Array;
  /** The face's 68 landmarks in the original photo's pixels (upright). */
  landmarks: Point[];
  /** The original photo's size, upright. */
  width: number;
  height: number;
}

/** What an engine that trains elsewhere needs of a review: which photos, and their descriptors. */
export interface FaceReview {
  usable: Pick<UsablePhoto, 'photo' | 'descriptor'>[];
  /** Photos left out, each with its problem (spec: guide users to better photos). */
  issues: PhotoIssue[];
}

export interface PhotoReview extends FaceReview {
  usable: UsablePhoto[];
}

/**
 * Every engine checks the photos the same way before it trains (one clear, large, sharp face per
 * photo, see cpu/photo-checks.ts), and fails with a message naming each unusable photo when
 * fewer than the spec's minimum are left: before a provider's training is paid for.
 */
export async function reviewPhotos(
  photos: readonly TrainingPhoto[],
  { signal, onProgress }: CallContext,
): Promise<PhotoReview> {
  const usable: UsablePhoto[] = [];
  const issues: PhotoIssue[] = [];
  for (const [index, photo] of photos.entries()) {
    signal.throwIfAborted();
    const { image, scale } = await decodeForAnalysis(photo.data);
    const found = await detectFaces(image);
    const aligned = found[0] && alignFace(image, found[0].landmarks);
    const problem = photoProblem(found, scale, aligned);
    if (problem || !aligned || !found[0]) {
      issues.push({ photoId: photo.id, filename: photo.filename, problem: problem ?? 'no-face' });
    } else {
      const landmarks = found[0].landmarks.map(({ x, y }) => ({ x: x * scale, y: y * scale }));
      usable.push({
        photo,
        aligned,
        descriptor: found[0].descriptor,
        landmarks,
        width: Math.round(image.width * scale),
        height: Math.round(image.height * scale),
      });
    }
    onProgress((index + 1) / photos.length);
  }
  if (usable.length < MIN_TRAINING_PHOTOS) {
    throw new JobFailure(
      `Only ${usable.length} of the photos show one clear face; at least ${MIN_TRAINING_PHOTOS} are needed. ${describeIssues(issues)}`,
    );
  }
  return { usable, issues };
}
