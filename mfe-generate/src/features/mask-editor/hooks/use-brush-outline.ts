import { useCallback, useEffect, useRef, useState } from 'react';

/** How long the brush outline stays in the middle after the size changed. */
const SIZE_PREVIEW_MS = 900;

/**
 * The round outline of the brush, `sizePx` wide on screen: it follows a mouse or pen
 * (`moveOutline`, `hideOutline`), and shows in the middle of the box for a moment after the size changed
 * (`previewSize`). Moved through its style, not state: it follows every pointer move.
 */
export function useBrushOutline(sizePx: number, box: { width: number; height: number }) {
  const outlineRef = useRef<HTMLDivElement>(null);
  const [sizePreview, setSizePreview] = useState(false);

  const moveOutline = ({ x, y }: { x: number; y: number }) => {
    const outline = outlineRef.current;
    if (!outline) return;
    outline.style.transform = `translate(${x - sizePx / 2}px, ${y - sizePx / 2}px)`;
    outline.style.visibility = 'visible';
  };
  const hideOutline = () => {
    if (outlineRef.current && !sizePreview) outlineRef.current.style.visibility = 'hidden';
  };

  useEffect(() => {
    if (!sizePreview) return;
    const outline = outlineRef.current;
    if (outline) {
      outline.style.transform = `translate(${box.width / 2 - sizePx / 2}px, ${box.height / 2 - sizePx / 2}px)`;
      outline.style.visibility = 'visible';
    }
    const timer = setTimeout(() => {
      setSizePreview(false);
      if (outline) outline.style.visibility = 'hidden';
    }, SIZE_PREVIEW_MS);
    return () => clearTimeout(timer);
  }, [sizePreview, sizePx, box.width, box.height]);

  const previewSize = useCallback(() => setSizePreview(true), []);
  return { outlineRef, moveOutline, hideOutline, previewSize };
}
