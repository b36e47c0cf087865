import { bus } from '@app/shared/bus';
import type { ModelSummary } from '@app/shared/contract/models';
import { deleteModel, retryTraining } from '@app/shared/data/models';
import { MODELS_TEXT, normalizeModelStatus } from '@app/shared/spec';
import { useRef, useState } from 'react';
import { newIdempotencyKey } from '../../training/utils/idempotency-key';
import { failureMessage } from '../utils/error-message';

/**
 * Retry of a failed training: one at a time, and under the same idempotency key until the server
 * has taken it, so a retry repeated after a lost answer starts nothing twice.
 */
export function useTrainingRetry(onError: (message: string) => void) {
  const [retrying, setRetrying] = useState<string | null>(null);
  const retryKeys = useRef(new Map<string, string>());

  const retry = async (model: ModelSummary) => {
    setRetrying(model.modelId);
    const key = retryKeys.current.get(model.modelId) ?? newIdempotencyKey();
    retryKeys.current.set(model.modelId, key);
    try {
      await retryTraining(model.modelId, key);
      retryKeys.current.delete(model.modelId);
    } catch (failure) {
      onError(failureMessage(failure, MODELS_TEXT.startTrainingFailed));
    } finally {
      setRetrying(null);
    }
  };

  return { retrying, retry };
}

/**
 * Delete Model behind its confirmation: the model asked about, the call, and the spec's message
 * when it fails (the dialog stays open on it). The shell hears the new count of ready models.
 */
export function useModelDeletion(readyCount: number) {
  const [modelToDelete, setModelToDelete] = useState<ModelSummary | null>(null);
  const [deleteModelError, setDeleteModelError] = useState<string | null>(null);
  const [deletingModel, setDeletingModel] = useState(false);

  const ask = (model: ModelSummary) => {
    setDeleteModelError(null);
    setModelToDelete(model);
  };

  const confirm = async () => {
    if (!modelToDelete) return;
    setDeleteModelError(null);
    setDeletingModel(true);
    try {
      await deleteModel(modelToDelete.modelId);
      const wasReady = normalizeModelStatus(modelToDelete.status) === 'ready';
      bus.emit('models:changed', { readyModelCount: readyCount - (wasReady ? 1 : 0) });
    } catch (failure) {
      setDeleteModelError(failureMessage(failure, MODELS_TEXT.deleteModelFailed));
      throw failure;
    } finally {
      setDeletingModel(false);
    }
  };

  return {
    modelToDelete,
    deleteModelError,
    deletingModel,
    ask,
    confirm,
    dismiss: () => setModelToDelete(null),
  };
}
