import { MASK_EDITOR } from '@app/shared/spec';
import type { CanvasPath } from 'react-sketch-canvas';

/**
 * The painted strokes and their undo/redo stacks (spec §4: 10 states each; a new stroke saves an
 * undo state and clears redo; clear saves undo too). Strokes are react-sketch-canvas paths in the
 * canvas's own units; `drawMode: false` erases what was painted before it.
 */
export interface MaskHistory {
  paths: CanvasPath[];
  undo: CanvasPath[][];
  redo: CanvasPath[][];
}

export type MaskAction =
  | { type: 'stroke'; path: CanvasPath }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'clear' }
  | { type: 'invert'; width: number; height: number };

export const EMPTY_MASK_HISTORY: MaskHistory = { paths: [], undo: [], redo: [] };

const keepLast = (stack: CanvasPath[][], depth: number) => stack.slice(-depth);

/**
 * One stroke that covers the whole canvas: a dot at the centre as wide as the diagonal.
 * Inverting paints it first and then turns every earlier stroke into its opposite, which leaves
 * exactly what was not painted (each eraser removes what was painted before it).
 */
function coverAll(width: number, height: number, colour: string): CanvasPath {
  return {
    paths: [{ x: width / 2, y: height / 2 }],
    strokeWidth: Math.ceil(Math.hypot(width, height)) + 2,
    strokeColor: colour,
    drawMode: true,
  };
}

function invertedPaths(paths: CanvasPath[], width: number, height: number, colour: string) {
  return [
    coverAll(width, height, colour),
    ...paths.map((path) => ({ ...path, strokeColor: colour, drawMode: !path.drawMode })),
  ];
}

export function maskHistoryReducer(
  state: MaskHistory,
  action: MaskAction,
  depth: number = MASK_EDITOR.historyDepth,
  colour = 'currentColor',
): MaskHistory {
  switch (action.type) {
    case 'stroke':
      return {
        paths: [...state.paths, action.path],
        undo: keepLast([...state.undo, state.paths], depth),
        redo: [],
      };
    case 'undo': {
      const previous = state.undo.at(-1);
      if (!previous) return state;
      return {
        paths: previous,
        undo: state.undo.slice(0, -1),
        redo: keepLast([...state.redo, state.paths], depth),
      };
    }
    case 'redo': {
      const next = state.redo.at(-1);
      if (!next) return state;
      return {
        paths: next,
        undo: keepLast([...state.undo, state.paths], depth),
        redo: state.redo.slice(0, -1),
      };
    }
    case 'clear':
      if (state.paths.length === 0) return state;
      return { ...state, paths: [], undo: keepLast([...state.undo, state.paths], depth) };
    case 'invert':
      return {
        paths: invertedPaths(state.paths, action.width, action.height, colour),
        undo: keepLast([...state.undo, state.paths], depth),
        redo: [],
      };
  }
}

/** Whether anything is painted that an eraser did not obviously remove (the export decides). */
export const hasPaint = (paths: readonly CanvasPath[]) => paths.some((path) => path.drawMode);
