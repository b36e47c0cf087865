import type { PhotoCheck } from '@app/shared/contract/media';
import type { PhotoProblem } from '@app/shared/contract/models';
import type { UploadItem } from '@app/shared/upload/queue';

/** Where one chosen photo is: on its way up, refused on the way, being checked, or checked. */
export type ChosenPhotoState =
  | { kind: 'queued' }
  | { kind: 'uploading'; progress: number }
  | { kind: 'failed'; error: string }
  | { kind: 'checking' }
  | { kind: 'ok' }
  | { kind: 'unchecked' }
  | { kind: 'problem'; problem: PhotoProblem };

/** The state of a new photo from its upload and, once uploaded, the server's check of it. */
export function photoState(
  upload: Pick<UploadItem, 'status' | 'progress' | 'error'> | undefined,
  check: PhotoCheck | null | undefined,
): ChosenPhotoState {
  if (upload?.status === 'queued') return { kind: 'queued' };
  if (upload?.status === 'uploading') return { kind: 'uploading', progress: upload.progress };
  if (upload?.status === 'failed') return { kind: 'failed', error: upload.error ?? '' };
  // Uploaded, and not listed yet: its check is on its way.
  if (check === undefined || check === 'pending') return { kind: 'checking' };
  if (check === null) return { kind: 'unchecked' };
  if (check === 'ok') return { kind: 'ok' };
  return { kind: 'problem', problem: check };
}

/**
 * A photo counts toward the minimum once it is known that a training can use it: uploaded and
 * checked without a problem (or uploaded where the api checks nothing).
 */
export function countsTowardTraining(state: ChosenPhotoState): boolean {
  return state.kind === 'ok' || state.kind === 'unchecked';
}

/** Still on its way up, or being checked: not known yet whether it counts. */
export function isPending(state: ChosenPhotoState): boolean {
  return state.kind === 'queued' || state.kind === 'uploading' || state.kind === 'checking';
}
