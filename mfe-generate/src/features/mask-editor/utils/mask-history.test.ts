import type { CanvasPath } from 'react-sketch-canvas';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_MASK_HISTORY,
  hasPaint,
  maskHistoryReducer as reduce,
  type MaskHistory,
} from './mask-history';

const stroke = (n: number, drawMode = true): CanvasPath => ({
  paths: [{ x: n, y: n }],
  strokeWidth: 20,
  strokeColor: 'red',
  drawMode,
});

const painted = (count: number): MaskHistory =>
  Array.from({ length: count }, (_, i) => i).reduce(
    (state, i) => reduce(state, { type: 'stroke', path: stroke(i) }),
    EMPTY_MASK_HISTORY,
  );

describe('mask history (spec §4)', () => {
  it('undoes and redoes strokes in order', () => {
    let state = painted(3);
    state = reduce(state, { type: 'undo' });
    expect(state.paths).toEqual([stroke(0), stroke(1)]);
    state = reduce(state, { type: 'undo' });
    expect(state.paths).toEqual([stroke(0)]);
    state = reduce(state, { type: 'redo' });
    expect(state.paths).toEqual([stroke(0), stroke(1)]);
    state = reduce(state, { type: 'redo' });
    expect(state.paths).toEqual([stroke(0), stroke(1), stroke(2)]);
    expect(reduce(state, { type: 'redo' })).toBe(state);
  });

  it('keeps 10 undo states and 10 redo states', () => {
    let state = painted(15);
    expect(state.undo).toHaveLength(10);
    for (let i = 0; i < 12; i += 1) state = reduce(state, { type: 'undo' });
    // Only 10 steps back: the five oldest strokes stay.
    expect(state.paths).toHaveLength(5);
    expect(state.redo).toHaveLength(10);
    expect(state.undo).toHaveLength(0);
  });

  it('a new stroke saves an undo state and clears redo', () => {
    let state = reduce(painted(2), { type: 'undo' });
    expect(state.redo).toHaveLength(1);
    state = reduce(state, { type: 'stroke', path: stroke(9) });
    expect(state.redo).toEqual([]);
    expect(state.paths).toEqual([stroke(0), stroke(9)]);
    expect(reduce(state, { type: 'undo' }).paths).toEqual([stroke(0)]);
  });

  it('clear saves an undo state, so it can be undone', () => {
    let state = reduce(painted(2), { type: 'clear' });
    expect(state.paths).toEqual([]);
    expect(hasPaint(state.paths)).toBe(false);
    state = reduce(state, { type: 'undo' });
    expect(state.paths).toEqual([stroke(0), stroke(1)]);
    // Clearing an empty canvas is not a step of its own.
    expect(reduce(EMPTY_MASK_HISTORY, { type: 'clear' })).toBe(EMPTY_MASK_HISTORY);
  });

  it('inverts: one stroke covering the canvas, then every stroke turned into its opposite', () => {
    const state = reduce(painted(1), { type: 'invert', width: 300, height: 400 }, 10, 'red');
    const [cover, erased] = state.paths;
    expect(cover!.drawMode).toBe(true);
    expect(cover!.paths).toEqual([{ x: 150, y: 200 }]);
    // A dot as wide as the diagonal (500) covers every corner.
    expect(cover!.strokeWidth).toBeGreaterThanOrEqual(500);
    expect(erased).toMatchObject({ drawMode: false, paths: stroke(0).paths });
    expect(reduce(state, { type: 'undo' }).paths).toEqual([stroke(0)]);
  });

  it('knows whether anything is painted', () => {
    expect(hasPaint([])).toBe(false);
    expect(hasPaint([stroke(1, false)])).toBe(false);
    expect(hasPaint([stroke(1)])).toBe(true);
  });
});
