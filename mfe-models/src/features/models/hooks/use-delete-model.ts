import { bus } from '@app/shared/bus';
import type { ModelSummary } from '@app/shared/contract/models';
import { deleteModel } from '@app/shared/data/models';
import { MODELS_TEXT, normalizeModelStatus } from '@app/shared/spec';
import { useState } from 'react';
import { failureMessage } from '../utils/error-message';

/**
 * Delete Model (spec §2): the model asked about, the call, and its failure shown in the dialog.
 * The shell hears how many ready models are left (the Generate tab may lock).
 */
export function useDeleteModel(readyCount: number) {
  const [model, setModel] = useState<ModelSummary | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [wanted, setWanted] = useState(false);

  const confirm = async () => {
    if (!model) return;
    setError(null);
    setDeleting(true);
    try {
      await deleteModel(model.modelId);
      const wasReady = normalizeModelStatus(model.status) === 'ready';
      bus.emit('models:changed', { readyModelCount: readyCount - (wasReady ? 1 : 0) });
    } catch (failure) {
      setError(failureMessage(failure, MODELS_TEXT.deleteModelFailed));
      throw failure;
    } finally {
      setDeleting(false);
    }
  };

  return {
    model,
    error,
    deleting,
    /** The dialog's code is wanted once a delete was first asked for. */
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
