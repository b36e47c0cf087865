import { bus } from '@app/shared/bus';
import { deleteModel } from '@app/shared/data/models';
import { MODELS_TEXT, normalizeModelStatus } from '@app/shared/spec';
import { useConfirmedModelAction } from './use-confirmed-model-action';

/**
 * Delete Model (spec §2). The shell hears how many ready models are left (the Generate tab may
 * lock).
 */
export function useDeleteModel(readyCount: number) {
  return useConfirmedModelAction(async (model) => {
    await deleteModel(model.modelId);
    const wasReady = normalizeModelStatus(model.status) === 'ready';
    bus.emit('models:changed', { readyModelCount: readyCount - (wasReady ? 1 : 0) });
  }, MODELS_TEXT.deleteModelFailed);
}
