import type { PhotoIssue, PhotoProblem } from '@app/shared/contract/models';
import { MIN_TRAINING_PHOTOS, PHOTO_PROBLEM_TEXT } from '@app/shared/spec';
import { JobFailure } from '../jobs/job-failures';
import { alignFace } from './cpu/align-face';
import { decodeForAnalysis } from './cpu/decode';
import {
  describeFaces,
  detectFaces,
  type FaceFinding,
  type Point,
  type RgbImage,
} from './cpu/face-api';
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

interface PhotoReview extends FaceReview {
  usable: UsablePhoto[];
}

/**
 * The check itself: the most confident face of a photo, aligned, or the problem that makes the
 * photo unusable. `detect` decides whether the faces come with descriptors; the detector and
 * landmarks, and so the verdict, are the same either way.
 */
async function examine<Face extends FaceFinding>(
  data: Buffer,
  detect: (image: RgbImage, signal?: AbortSignal) => Promise<Face[]>,
  signal: AbortSignal | undefined,
): Promise<
  { face: Face; aligned: RgbImage; image: RgbImage; scale: number } | { problem: PhotoProblem }
> {
  const { image, scale } = await decodeForAnalysis(data);
  const found = await detect(image, signal);
  const aligned = found[0] && alignFace(image, found[0].landmarks);
  const problem = photoProblem(found, image, scale, aligned);
  if (problem || !aligned || !found[0]) return { problem: problem ?? 'no-face' };
  return { face: found[0], aligned, image, scale };
}

/** One photo: usable with its face and descriptor, or the problem that makes it unusable. */
async function reviewPhoto(
  photo: TrainingPhoto,
  signal?: AbortSignal,
): Promise<{ usable: UsablePhoto } | { problem: PhotoProblem }> {
  const examined = await examine(photo.data, describeFaces, signal);
  if ('problem' in examined) return examined;
  const { face, aligned, image, scale } = examined;
  return {
    usable: {
      photo,
      aligned,
      descriptor: face.descriptor,
      landmarks: face.landmarks.map(({ x, y }) => ({ x: x * scale, y: y * scale })),
      width: Math.round(image.width * scale),
      height: Math.round(image.height * scale),
    },
  };
}

/** What the check of an uploaded photo found. */
export interface PhotoCheckResult {
  /** Why a training could not use it, or null. */
  problem: PhotoProblem | null;
  /**
   * Usable photos: the face's width in the original's pixels, the detail a model learns from
   * (the best-scored photo is the one previews are made from); null when unusable.
   */
  score: number | null;
}

/**
 * The check of one uploaded photo, the same a training makes. Run when a training photo is
 * uploaded, so the user hears of it before training. It needs no descriptor, so the face thread
 * of an api that only checks photos never loads the face-recognition net.
 */
export async function checkPhoto(data: Buffer, signal?: AbortSignal): Promise<PhotoCheckResult> {
  const examined = await examine(data, detectFaces, signal);
  if ('problem' in examined) return { problem: examined.problem, score: null };
  return { problem: null, score: Math.round(examined.face.box.width * examined.scale) };
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
