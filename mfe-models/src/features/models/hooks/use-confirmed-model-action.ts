import type { ModelSummary } from '@app/shared/contract/models';
import { useState } from 'react';
import { failureMessage } from '../utils/error-message';

/**
 * An action on one model behind a confirmation dialog: the model asked about, the call, and its
 * failure shown in the dialog (the dialog stays open on a failure, so the error is rethrown).
 */
export function useConfirmedModelAction(
  run: (model: ModelSummary) => Promise<void>,
  failedText: string,
) {
  const [model, setModel] = useState<ModelSummary | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [wanted, setWanted] = useState(false);

  const confirm = async () => {
    if (!model) return;
    setError(null);
    setDeleting(true);
    try {
      await run(model);
    } catch (failure) {
      setError(failureMessage(failure, failedText));
      throw failure;
    } finally {
      setDeleting(false);
    }
  };

  return {
    model,
    error,
    deleting,
    /** The dialog's code is wanted once the action was first asked for. */
    wanted,
    ask(target: ModelSummary) {
      setWanted(true);
      setError(null);
      setModel(target);
    },
    confirm,
    dismiss: () => setModel(null),
  };
}
