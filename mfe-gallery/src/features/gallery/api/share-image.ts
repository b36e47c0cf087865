import { saveFile } from './png-file';

/** Whether the browser has a share sheet at all (phones); elsewhere Download does the job. */
export const canShare = (): boolean =>
  typeof navigator !== 'undefined' && typeof navigator.share === 'function';

/**
 * Shares the image file through the system share sheet where the browser can share files, and
 * downloads it where it cannot. A share the user cancels is not an error.
 */
export async function shareImage(file: File, text: string): Promise<void> {
  const data: ShareData = { files: [file], ...(text ? { text } : {}) };
  if (!canShare() || !navigator.canShare?.(data)) {
    saveFile(file);
    return;
  }
  try {
    await navigator.share(data);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') return;
    throw error;
  }
}
