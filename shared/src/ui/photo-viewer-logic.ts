/** The viewer's arithmetic, apart from React so it is tested on its own. */

/** The index `delta` away, wrapping around when asked; null when there is nowhere to go. */
export function stepIndex(
  index: number,
  delta: 1 | -1,
  length: number,
  wrap: boolean,
): number | null {
  if (length === 0) return null;
  const next = index + delta;
  if (next >= 0 && next < length) return next;
  return wrap && length > 1 ? (next + length) % length : null;
}

/**
 * -1 (to the previous photo) for a swipe to the right, 1 for one to the left, 0 when the movement
 * was shorter than the threshold or more vertical than horizontal.
 */
export function swipeDirection(dx: number, dy: number, thresholdPx: number): -1 | 0 | 1 {
  if (Math.abs(dx) <= thresholdPx || Math.abs(dx) < Math.abs(dy)) return 0;
  return dx < 0 ? 1 : -1;
}

/**
 * Where the viewer goes after the shown photo was deleted: the photo that took its place (the
 * next one), the new last one when the last was deleted, or nowhere when none remain.
 */
export function viewerIndexAfterDelete(deletedIndex: number, remaining: number): number | null {
  if (remaining <= 0) return null;
  return Math.min(deletedIndex, remaining - 1);
}

/**
 * Whether a point falls on the picture itself rather than on the bars `object-fit: contain' leaves
 * beside it (a tap there closes the viewer).
 */
export function isInsideContainedImage(image: HTMLImageElement, x: number, y: number): boolean {
  const box = image.getBoundingClientRect();
  const { naturalWidth, naturalHeight } = image;
  if (!naturalWidth || !naturalHeight || !box.width || !box.height) return false;
  const scale = Math.min(box.width / naturalWidth, box.height / naturalHeight);
  const width = naturalWidth * scale;
  const height = naturalHeight * scale;
  const left = box.left + (box.width - width) / 2;
  const top = box.top + (box.height - height) / 2;
  return x >= left && x <= left + width && y >= top && y <= top + height;
}
