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
 * A photo counts toward the minimum unless a training could not use it: its upload failed, or its
 * check found a problem. One still on its way, or being checked, counts until it is known.
 */
export function countsTowardTraining(state: ChosenPhotoState): boolean {
  return state.kind !== 'failed' && state.kind !== 'problem';
}

export function isUploading(state: ChosenPhotoState): boolean {
  return state.kind === 'queued' || state.kind === 'uploading';
}
