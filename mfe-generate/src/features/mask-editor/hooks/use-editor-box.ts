import { MASK_EDITOR } from '@app/shared/spec';
import { useLayoutEffect, useMemo, useState } from 'react';

/** The most of the screen's height the photo may take, so the tools stay in view. */
const MAX_VIEW_HEIGHT_SHARE = 0.6;

/** The drawing surface's own size: the photo fitted into 512 × 512 (spec §9). */
function canvasSizeFor(photo: { width: number; height: number }) {
  const scale = MASK_EDITOR.canvasSizePx / Math.max(photo.width, photo.height);
  return {
    width: Math.max(1, Math.round(photo.width * scale)),
    height: Math.max(1, Math.round(photo.height * scale)),
  };
}

function useAvailableWidth(element: HTMLElement | null): number {
  const [width, setWidth] = useState<number>(MASK_EDITOR.displayMaxWidthPx);
  useLayoutEffect(() => {
    if (!element) return;
    const measure = () => setWidth(element.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return width;
}

/**
 * The sizes the mask editor draws at: the canvas in its own units, the scale (`fit`) that shows it
 * whole within the editor's width and part of the screen's height, and the box it takes on screen.
 */
export function useEditorBox(
  root: HTMLElement | null,
  photoSize: { width: number; height: number },
) {
  const canvas = canvasSizeFor(photoSize);
  const available = useAvailableWidth(root);
  const maxHeight = Math.max(280, window.innerHeight * MAX_VIEW_HEIGHT_SHARE);
  const fit = Math.min(
    MASK_EDITOR.displayMaxWidthPx / canvas.width,
    available / canvas.width,
    maxHeight / canvas.height,
  );
  const boxWidth = canvas.width * fit;
  const boxHeight = canvas.height * fit;
  const box = useMemo(() => ({ width: boxWidth, height: boxHeight }), [boxWidth, boxHeight]);
  return { canvas, fit, box };
}
