import { describe, expect, it } from 'vitest';
import { stepIndex, swipeDirection, viewerIndexAfterDelete } from './photo-viewer-logic';

describe('photo viewer arithmetic', () => {
  it('steps with and without wrapping around', () => {
    expect(stepIndex(4, 1, 5, true)).toBe(0);
    expect(stepIndex(0, -1, 5, true)).toBe(4);
    expect(stepIndex(4, 1, 5, false)).toBeNull();
    expect(stepIndex(0, -1, 5, false)).toBeNull();
    expect(stepIndex(2, 1, 5, false)).toBe(3);
    expect(stepIndex(0, 1, 1, true)).toBeNull();
    expect(stepIndex(0, 1, 0, true)).toBeNull();
  });

  it('counts a swipe only beyond 50 px and more sideways than up or down', () => {
    expect(swipeDirection(-51, 0, 50)).toBe(1);
    expect(swipeDirection(51, 10, 50)).toBe(-1);
    expect(swipeDirection(50, 0, 50)).toBe(0);
    expect(swipeDirection(-80, 120, 50)).toBe(0);
  });

  it('moves to the neighbour after a delete, and closes when none remain', () => {
    expect(viewerIndexAfterDelete(2, 4)).toBe(2);
    expect(viewerIndexAfterDelete(4, 4)).toBe(3);
    expect(viewerIndexAfterDelete(0, 0)).toBeNull();
  });
});
