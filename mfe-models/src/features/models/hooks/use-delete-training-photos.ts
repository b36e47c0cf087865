import type { ModelSummary } from '@app/shared/contract/models';
import { deleteModelTrainingPhotos } from '@app/shared/data/models';
import { MODELS_TEXT } from '@app/shared/spec';
import { useState } from 'react';
import { failureMessage } from '../utils/error-message';

/**
 * "Delete my training photos" of a ready model whose engine no longer needs them: the model
 * asked about, the call, and its failure shown in the dialog. The model stays ready.
 */
export function useDeleteTrainingPhotos() {
  const [model, setModel] = useState<ModelSummary | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [wanted, setWanted] = useState(false);

  const confirm = async () => {
    if (!model) return;
    setError(null);
    setDeleting(true);
    try {
      await deleteModelTrainingPhotos(model.modelId);
    } catch (failure) {
      setError(failureMessage(failure, MODELS_TEXT.deleteTrainingPhotosFailed));
      throw failure;
    } finally {
      setDeleting(false);
    }
  };

  return {
    model,
    error,
    deleting,
    /** The dialog's code is wanted once it was first asked for. */
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
