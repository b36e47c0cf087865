import { api } from '@app/shared/api-client';

/**
 * Request and answer of POST /media/presigned-urls (spec §7), declared here for the uploader
 * alone; they will come from the shared API contract, which owns every payload shape.
 */
export interface PresignedUrlFile {
  filename: string;
  contentType: string;
}

export interface PresignedUpload {
  presignedUrl: string;
  imageId: string;
}

/** The API takes at most this many files per request (the training-photo maximum). */
export const PRESIGNED_URLS_PER_REQUEST = 20;

/** One upload target per file, in the order of `files`. */
export function requestPresignedUrls(
  files: readonly PresignedUrlFile[],
  signal?: AbortSignal,
): Promise<PresignedUpload[]> {
  return api.post<PresignedUpload[]>('/media/presigned-urls', { json: { files }, signal });
}
