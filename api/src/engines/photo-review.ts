import type { PhotoIssue, PhotoProblem } from '@app/shared/contract/models';
import { MIN_TRAINING_PHOTOS, PHOTO_PROBLEM_TEXT } from '@app/shared/spec';
import { JobFailure } from '../jobs/job-failures';
import { alignFace } from './cpu/align-face';
import { decodeForAnalysis } from './cpu/decode';
import { detectFaces, type Point, type RgbImage } from './cpu/face-api';
import { photoProblem } from './cpu/photo-checks';
import type { CallContext, TrainRequest } from './engine';

function describeIssues(issues: PhotoIssue[]): string {
  return issues
    .map((issue) => `${issue.filename}: ${PHOTO_PROBLEM_TEXT[issue.problem].toLowerCase()}`)
    .join('; ');
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

/** One photo: usable with its face, or the problem that makes it unusable. */
async function reviewPhoto(
  photo: TrainingPhoto,
  signal?: AbortSignal,
): Promise<{ usable: UsablePhoto } | { problem: PhotoProblem }> {
  const { image, scale } = await decodeForAnalysis(photo.data);
  const found = await detectFaces(image, signal);
  const aligned = found[0] && alignFace(image, found[0].landmarks);
  const problem = photoProblem(found, scale, aligned);
  if (problem || !aligned || !found[0]) return { problem: problem ?? 'no-face' };
  const landmarks = found[0].landmarks.map(({ x, y }) => ({ x: x * scale, y: y * scale }));
  return {
    usable: {
      photo,
      aligned,
      descriptor: found[0].descriptor,
      landmarks,
      width: Math.round(image.width * scale),
      height: Math.round(image.height * scale),
    },
  };
}

/**
 * The check of one uploaded photo, the same a training makes: why a training could not use it,
 * or null. Run when a training photo is uploaded, so the user hears of it before training.
 */
export async function checkPhoto(data: Buffer, signal?: AbortSignal): Promise<PhotoProblem | null> {
  const review = await reviewPhoto({ id: '', filename: '', data }, signal);
  return 'problem' in review ? review.problem : null;
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
    const review = await reviewPhoto(photo, signal);
    if ('problem' in review) {
      issues.push({ photoId: photo.id, filename: photo.filename, problem: review.problem });
    } else {
      usable.push(review.usable);
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
