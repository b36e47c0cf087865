import { deleteModelTrainingPhotos } from '@app/shared/data/models';
import { MODELS_TEXT } from '@app/shared/spec';
import { useConfirmedModelAction } from './use-confirmed-model-action';

/** "Delete my training photos" of a ready model whose engine no longer needs them. */
export function useDeleteTrainingPhotos() {
  return useConfirmedModelAction(async (model) => {
    await deleteModelTrainingPhotos(model.modelId);
  }, MODELS_TEXT.deleteTrainingPhotosFailed);
}
