import { ApiError } from '@app/shared/api-client';

export const EXPORT_DATA_TEXT = {
  title: 'Your data',
  hint: 'One zip file with your training photos, generated images, and your models, prompts and settings.',
  button: 'Download my data',
  preparing: 'Preparing...',
  started: 'Your download has started. Your browser shows its progress.',
  failed: 'Your data could not be downloaded. Check your connection and try again.',
} as const;

/** Too many exports in an hour: the server's message says so; anything else, the generic one. */
export function downloadFailureMessage(error: unknown): string {
  return error instanceof ApiError && error.status === 429
    ? error.message
    : EXPORT_DATA_TEXT.failed;
}
