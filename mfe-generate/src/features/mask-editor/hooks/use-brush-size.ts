import { MASK_EDITOR, STORAGE_KEY_PREFIX } from '@app/shared/spec';
import { useCallback, useState } from 'react';

const KEY = `${STORAGE_KEY_PREFIX}mask-brush-size`;

/** A stored size counts only on the slider's scale: 5-50 in steps of 5. */
function readStored(): number {
  try {
    const value = Number(localStorage.getItem(KEY));
    const { brushMinPx, brushMaxPx, brushStepPx, brushDefaultPx } = MASK_EDITOR;
    const onScale = value >= brushMinPx && value <= brushMaxPx && value % brushStepPx === 0;
    return onScale ? value : brushDefaultPx;
  } catch {
    return MASK_EDITOR.brushDefaultPx;
  }
}

/** The brush size, remembered across visits (20 px until the user picks another). */
export function useBrushSize(): [number, (size: number) => void] {
  const [size, setSize] = useState(readStored);
  const update = useCallback((next: number) => {
    setSize(next);
    try {
      localStorage.setItem(KEY, String(next));
    } catch {
      // Not remembered; the size still applies now.
    }
  }, []);
  return [size, update];
}
