import { describe, expect, it } from 'vitest';
import { EDIT_MASK_LIMITS, EDIT_MASK_TEXT, editMaskProblem } from './edit-mask';

describe('editMaskProblem', () => {
  it('accepts a mask up to the area limit that keeps clear of faces', () => {
    expect(editMaskProblem({ areaFraction: 0.05 })).toBeNull();
    expect(editMaskProblem({ areaFraction: EDIT_MASK_LIMITS.maxAreaFraction })).toBeNull();
  });

  it('refuses a larger mask and says to paint a smaller area', () => {
    expect(editMaskProblem({ areaFraction: EDIT_MASK_LIMITS.maxAreaFraction + 0.01 })).toBe(
      EDIT_MASK_TEXT.tooLarge,
    );
    expect(EDIT_MASK_TEXT.tooLarge).toContain('Paint a smaller area');
  });
});
