import { api, ApiError } from '@app/shared/api-client';
import { useState } from 'react';
import { mutate } from 'swr';
import type { HdRequest } from '../contract/media';
import { HD_TEXT } from '../spec/messages';
import { mediaKeys } from './api-key';
import { JobWaitExpired, settledJob } from './jobs';
import { downloadImage } from './save-file';

/** How often a running HD job is asked for. */
const HD_POLL_MS = 1500;

/** The job ended without the file: its own text. */
class HdJobFailure extends Error {}

/**
 * The signed URL of a generated image's 2× version: POST /media/{id}/hd makes it once (asking
 * again answers the stored one at once); while its job runs the job is polled, then asked again.
 * `polls` bounds the wait (by default, the waiting period of a generation).
 */
export async function hdVersionUrl(
  imageId: string,
  pollMs = HD_POLL_MS,
  polls?: number,
): Promise<string> {
  const path = `/media/${encodeURIComponent(imageId)}/hd`;
  let answer = await api.post<HdRequest>(path);
  while (!answer.hd.ready || !answer.hd.downloadUrl) {
    const job = await settledJob(answer.job, pollMs, polls);
    if (job.status !== 'succeeded') throw new HdJobFailure(job.error ?? HD_TEXT.failed);
    answer = await api.post<HdRequest>(path);
  }
  // The item now says it has one.
  void mutate(mediaKeys.item(imageId));
  return answer.hd.downloadUrl;
}

/** What a failed HD download says: the server's text when it answered, else the general one. */
export function hdFailureMessage(error: unknown): string {
  return error instanceof ApiError ||
    error instanceof HdJobFailure ||
    error instanceof JobWaitExpired
    ? error.message
    : HD_TEXT.failed;
}

/**
 * The 2× download of an image: `busy` from the press until its file is saved (the first press
 * waits for the job); a failure goes to `onError` with its message, and the button works again.
 */
export function useHdDownload(onError: (message: string) => void) {
  const [busy, setBusy] = useState(false);
  const download = async (imageId: string, fileName: string) => {
    if (busy) return;
    setBusy(true);
    try {
      await downloadImage(await hdVersionUrl(imageId), fileName);
    } catch (error) {
      onError(hdFailureMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return { busy, download };
}
