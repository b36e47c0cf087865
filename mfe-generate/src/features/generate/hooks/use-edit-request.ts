import type { GenerationMode } from '@app/shared/spec';
import { useCallback, useRef, useState } from 'react';
import type { EditInputsHandle, EditInputsState } from '../../mask-editor/components/edit-inputs';
import { GENERATE_PAGE_TEXT } from '../texts';
import type { EngineLimits } from '../utils/engine-limits';
import { exportedMaskProblem } from '../utils/exported-mask-problem';

const NO_EDIT_INPUTS: EditInputsState = {
  image: null,
  aspect: null,
  hasPaint: false,
  maskRefused: false,
};

/** What an edit adds to its request, or why it cannot be sent (shown under the button). */
export type EditParts = { image: File; mask: Blob } | { problem: string };

/**
 * Edit mode's part of a request: what the edit panel reports, and the photo with its mask once
 * exported. The export draws the mask at the photo's size (up to a limit), which takes a moment
 * on a phone: `preparing` meanwhile, so the form shows it is busy and a second tap sends nothing.
 */
export function useEditRequest(mode: GenerationMode, clearError: () => void) {
  const [reported, setReported] = useState(NO_EDIT_INPUTS);
  // What the edit panel last reported counts only while it is shown.
  const edit = mode === 'edit' ? reported : NO_EDIT_INPUTS;
  const editInputs = useRef<EditInputsHandle>(null);
  const [preparing, setPreparing] = useState(false);
  const exporting = useRef(false);

  const onEditChange = useCallback(
    (state: EditInputsState) => {
      setReported(state);
      clearError();
    },
    [clearError],
  );

  /** The photo and its mask; null when there is nothing to send (or a send is being prepared). */
  const prepare = async (limits: EngineLimits | null): Promise<EditParts | null> => {
    if (exporting.current) return null;
    exporting.current = true;
    setPreparing(true);
    try {
      const mask = await editInputs.current?.exportMask();
      if (!mask || !edit.image) return null;
      const problem = exportedMaskProblem(mask, limits);
      return problem ? { problem } : { image: edit.image, mask: mask.blob };
    } catch {
      // The browser could not draw the mask (a canvas too large for the device).
      return { problem: GENERATE_PAGE_TEXT.maskNotPrepared };
    } finally {
      exporting.current = false;
      setPreparing(false);
    }
  };

  return { edit, editInputs, onEditChange, preparing, prepare };
}
