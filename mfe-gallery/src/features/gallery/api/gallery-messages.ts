import { ApiError } from '@app/shared/api-client';
import { GALLERY_TEXT, KIT_TEXT } from '@app/shared/spec';

/** What the gallery was doing when a read failed. */
export type GalleryRead = 'load' | 'more' | 'refresh';

/** The API answered nothing at all (offline, a timeout, a dropped connection). */
const isUnanswered = (error: unknown): boolean => !(error instanceof ApiError);

/** The spec §8 message for a failed read of the gallery. */
export function readFailedMessage(read: GalleryRead, error: unknown, hasImages: boolean): string {
  if (read === 'more') return GALLERY_TEXT.loadMoreFailed;
  if (isUnanswered(error)) return GALLERY_TEXT.loadImagesCheckConnection;
  return hasImages ? GALLERY_TEXT.loadImagesFailed : GALLERY_TEXT.loadGalleryFailed;
}

/** An action's spec message, and why when the device is offline (it would fail silently else). */
export function actionFailedMessage(message: string, online: boolean): string {
  return online ? message : `${message}. ${KIT_TEXT.offline}`;
}
