import { MASK_EDITOR } from '@app/shared/spec';
import { useEffect, useEffectEvent, useReducer, useState } from 'react';
import type { CanvasPath, Point } from 'react-sketch-canvas';
import {
  EMPTY_MASK_HISTORY,
  maskHistoryReducer,
  type MaskAction,
  type MaskHistory,
} from '../utils/mask-history';

/** The painted strokes' colour (the overlay shows them see-through over the photo). */
const STROKE_COLOUR = '#ff1f5a';

const reduce = (state: MaskHistory, action: MaskAction) =>
  maskHistoryReducer(state, action, MASK_EDITOR.historyDepth, STROKE_COLOUR);

/**
 * The mask's strokes with their undo/redo history, and the stroke being drawn. The canvas reports
 * points in its own 512-px units, whatever the zoom. The history starts as `kept` and each change
 * goes to `onChange`, so the page can keep it while the editor is away.
 */
export function useMaskStrokes({
  brushSize,
  erasing,
  kept = EMPTY_MASK_HISTORY,
  onChange,
}: {
  brushSize: number;
  erasing: boolean;
  kept?: MaskHistory;
  onChange: (history: MaskHistory) => void;
}) {
  const [history, dispatch] = useReducer(reduce, kept);
  const report = useEffectEvent(onChange);
  useEffect(() => {
    if (history !== kept) report(history);
  }, [history, kept]);
  const [active, setActive] = useState<CanvasPath | null>(null);

  const startStroke = (point: Point) =>
    setActive({
      paths: [point],
      strokeWidth: brushSize,
      strokeColor: STROKE_COLOUR,
      drawMode: !erasing,
    });
  const extendStroke = (point: Point) =>
    setActive((stroke) => (stroke ? { ...stroke, paths: [...stroke.paths, point] } : stroke));
  const endStroke = () => {
    setActive((stroke) => {
      if (stroke) dispatch({ type: 'stroke', path: stroke });
      return null;
    });
  };
  /** Not a stroke after all (a second finger came down): what was drawn of it goes. */
  const dropStroke = () => setActive(null);

  return {
    history,
    dispatch,
    drawing: active !== null,
    paths: active ? [...history.paths, active] : history.paths,
    startStroke,
    extendStroke,
    endStroke,
    dropStroke,
  };
}
