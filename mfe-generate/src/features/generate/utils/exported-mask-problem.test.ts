import { EDIT_MASK_LIMITS, EDIT_MASK_TEXT, GENERATE_TEXT } from '@app/shared/spec';
import { describe, expect, it } from 'vitest';
import type { EngineLimits } from './engine-limits';
import { exportedMaskProblem } from './exported-mask-problem';

const fillsFromPhoto: EngineLimits = {
  modelNames: ['Lisa'],
  editFollowsPrompt: false,
  examples: [],
  words: [],
};
const limit = EDIT_MASK_LIMITS.maxAreaFraction;

describe('the exported mask before it is sent', () => {
  it('is refused when erased back to nothing', () => {
    expect(exportedMaskProblem({ paintedPixels: 0, share: 0 }, null)).toBe(GENERATE_TEXT.paintMask);
  });

  it('is held to the engine’s rule on the share the api will measure', () => {
    // The strokes measured just under the limit; the export grew its edges just over it.
    expect(exportedMaskProblem({ paintedPixels: 10, share: limit + 0.001 }, fillsFromPhoto)).toBe(
      EDIT_MASK_TEXT.tooLarge,
    );
    expect(exportedMaskProblem({ paintedPixels: 10, share: limit }, fillsFromPhoto)).toBeNull();
  });

  it('is not limited in size for engines that repaint from the prompt', () => {
    expect(exportedMaskProblem({ paintedPixels: 10, share: 0.9 }, null)).toBeNull();
    expect(
      exportedMaskProblem(
        { paintedPixels: 10, share: 0.9 },
        { ...fillsFromPhoto, editFollowsPrompt: true },
      ),
    ).toBeNull();
  });
});
