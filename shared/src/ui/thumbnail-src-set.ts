import { THUMBNAIL_PIXELS } from '../spec/constants';

export interface ThumbnailSources {
  thumbnailUrl?: string;
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
 * A `srcset` offering the small thumbnail beside the thumbnail, each by its real width, so the
 * browser takes the smaller one wherever it is sharp enough for the tile on that screen; undefined
 * when there is only one to choose (an older image, or one no larger than the small size).
 */
export function thumbnailSrcSet(image: ThumbnailSources): string | undefined {
  const { thumbnailUrl, smallThumbnailUrl, width, height } = image;
  if (!thumbnailUrl || !smallThumbnailUrl) return undefined;
  const small = thumbnailWidth(THUMBNAIL_PIXELS.small, width, height);
  const large = thumbnailWidth(THUMBNAIL_PIXELS.thumbnail, width, height);
  if (small >= large) return undefined;
  return `${smallThumbnailUrl} ${small}w, ${thumbnailUrl} ${large}w`;
}
