import { REDUCED_MOTION_QUERY } from '@app/shared/ui/use-media-query';
import { useCallback, useRef } from 'react';

/** On one column the result sits under the form: bring it into view. */
function showResult(panel: HTMLElement | null) {
  if (!panel || panel.getBoundingClientRect().top < window.innerHeight * 0.5) return;
  const reduced = window.matchMedia(REDUCED_MOTION_QUERY).matches;
  panel.scrollIntoView({ behavior: reduced ? 'auto' : 'smooth', block: 'start' });
}

/**
 * Keeps the result panel (`resultRef`) in view on one column: `showNow` when a run starts, and
 * `onResultShown` once a result that arrived is laid out (its view loads lazily, and the page is
 * short until then); a result already shown when the page opened stays where it is.
 */
export function useResultScroll(madeImage: string | null) {
  const resultRef = useRef<HTMLElement>(null);
  const arrived = useRef(madeImage);
  const onResultShown = useCallback(() => {
    if (madeImage === null || madeImage === arrived.current) return;
    arrived.current = madeImage;
    showResult(resultRef.current);
  }, [madeImage]);
  const showNow = useCallback(() => showResult(resultRef.current), []);
  return { resultRef, onResultShown, showNow };
}
