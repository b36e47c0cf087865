import { BREAKPOINTS, galleryColumnsForWidth } from '@app/shared/spec';
import { useMediaQuery } from '@app/shared/ui/use-media-query';

/** The grid's column count now, for what is laid out in script (the loading skeleton). */
export function useGridColumns(): number {
  const small = useMediaQuery(`(min-width: ${BREAKPOINTS.sm}px)`);
  const medium = useMediaQuery(`(min-width: ${BREAKPOINTS.md}px)`);
  return galleryColumnsForWidth(medium ? BREAKPOINTS.md : small ? BREAKPOINTS.sm : 0);
}
