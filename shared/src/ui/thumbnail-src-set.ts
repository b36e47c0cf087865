import { THUMBNAIL_PIXELS } from '../spec/constants';

export interface ThumbnailSources {
  thumbnailUrl?: string;
  mediumThumbnailUrl?: string;
  smallThumbnailUrl?: string;
  /** The stored image's size; unknown for some older images. */
  width: number | null;
  height: number | null;
}

/** The width of a thumbnail whose longest side is at most `longestSide` (never enlarged). */
function thumbnailWidth(longestSide: number, width: number | null, height: number | null): number {
  if (width === null || height === null || width <= 0 || height <= 0) return longestSide;
  return Math.max(1, Math.round(width * Math.min(1, longestSide / Math.max(width, height))));
}

/**
 * A `srcset` offering every thumbnail the image has, each by its real width, so the browser takes
 * the smallest one sharp enough for the tile on that screen. Two thumbnails of the same width
 * (an image no larger than the smaller size) are one choice, the smaller file's. Undefined when
 * there is only one to choose (an older image, or a small one).
 */
export function thumbnailSrcSet(image: ThumbnailSources): string | undefined {
  const { width, height } = image;
  const candidates: string[] = [];
  let widest = 0;
  for (const [url, size] of [
    [image.smallThumbnailUrl, THUMBNAIL_PIXELS.small],
    [image.mediumThumbnailUrl, THUMBNAIL_PIXELS.medium],
    [image.thumbnailUrl, THUMBNAIL_PIXELS.thumbnail],
  ] as const) {
    if (!url) continue;
    const candidateWidth = thumbnailWidth(size, width, height);
    if (candidateWidth <= widest) continue;
    candidates.push(`${url} ${candidateWidth}w`);
    widest = candidateWidth;
  }
  return candidates.length > 1 ? candidates.join(', ') : undefined;
}
