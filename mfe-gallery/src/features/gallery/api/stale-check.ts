import { isNetworkFailure, reportNetworkFailure } from '@app/shared/api-client';
import type { GalleryItem } from '@app/shared/data/media';
import { STALE_IMAGE_CHECK } from '@app/shared/spec';

/** Whether one URL still answers; a timeout or a network failure counts as a failure. */
async function answersHead(url: string, timeoutMs: number): Promise<boolean> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await fetch(url, {
      method: 'HEAD',
      cache: 'no-store',
      signal: controller.signal,
    });
    return response.ok;
  } catch (error) {
    // Nothing answered: the device is offline (a stale URL gets an answer, a 403 or 404).
    if (isNetworkFailure(error) && !controller.signal.aborted) reportNetworkFailure();
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Spec §4 and §9: whether cached gallery URLs look stale. HEAD (5 s timeout) the first 2 of the
 * first 3 images, by the signed HEAD URL the API gives for that (`checkUrl`; S3 refuses HEAD on a
 * presigned GET); stale when more than half of the checks fail.
 */
export async function looksStale(items: readonly GalleryItem[]): Promise<boolean> {
  const urls = items
    .slice(0, STALE_IMAGE_CHECK.imagesConsidered)
    .flatMap((item) => item.checkUrl ?? item.thumbnailUrl ?? [])
    .slice(0, STALE_IMAGE_CHECK.headChecks);
  if (urls.length === 0) return false;
  const answers = await Promise.all(
    urls.map((url) => answersHead(url, STALE_IMAGE_CHECK.headTimeoutMs)),
  );
  const failures = answers.filter((ok) => !ok).length;
  return failures > urls.length / 2;
}
