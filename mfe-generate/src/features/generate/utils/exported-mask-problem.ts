import { editMaskProblem, GENERATE_TEXT } from '@app/shared/spec';
import type { ExportedMask } from '../../mask-editor/utils/export-mask';
import type { EngineLimits } from './engine-limits';

/**
 * What keeps the exported mask from being sent. Erased back to nothing, the strokes exist but
 * the mask is empty; and the api measures the exported mask (its edges grown a little), so the
 * engine's edit-mask rule is applied again to exactly what it will measure.
 */
export function exportedMaskProblem(
  mask: Pick<ExportedMask, 'paintedPixels' | 'share'>,
  limits: EngineLimits | null,
): string | null {
  if (mask.paintedPixels === 0) return GENERATE_TEXT.paintMask;
  return limits?.editFollowsPrompt === false ? editMaskProblem({ areaFraction: mask.share }) : null;
}
