import { api } from '@app/shared/api-client';
import type {
  AddModelPhotosRequest,
  ModelSummary,
  OrderModelPhotosRequest,
  StartedTraining,
  StartTrainingRequest,
} from '../contract/models';
import { invalidateTrainingPhotos, trainingPhotosChanged } from './media';
import { invalidateUser } from './user';

/** Models are read with the profile (GET /user lists them): every change re-reads it. */
async function afterModelChange(): Promise<void> {
  await Promise.all([invalidateUser(), invalidateTrainingPhotos()]);
}

/** `idempotencyKey` makes a retried tap start one training, not two. */
export async function startTraining(
  request: StartTrainingRequest,
  idempotencyKey?: string,
): Promise<StartedTraining> {
  const started = await api.post<StartedTraining>('/media/start-training', {
    json: request,
    ...(idempotencyKey ? { headers: { 'Idempotency-Key': idempotencyKey } } : {}),
  });
  await afterModelChange();
  return started;
}

/** A failed model trains again, in place, on the photos it has now. */
export async function retryTraining(
  modelId: string,
  idempotencyKey?: string,
): Promise<StartedTraining> {
  const started = await api.post<StartedTraining>(
    `/user/models/${encodeURIComponent(modelId)}/retry`,
    idempotencyKey ? { headers: { 'Idempotency-Key': idempotencyKey } } : undefined,
  );
  await afterModelChange();
  return started;
}

/** A ready or failed model can be deleted (a failed one holds no slot); its photos stay. */
export async function deleteModel(modelId: string): Promise<void> {
  await api.delete('/user/models/delete', { query: { modelId } });
  await afterModelChange();
}

/**
 * "Delete my training photos" of a ready model whose engine no longer needs them
 * (`capabilities.needsTrainingPhotos` false): the model as it is without them.
 */
export async function deleteModelTrainingPhotos(modelId: string): Promise<ModelSummary> {
  const model = await api.delete<ModelSummary>(
    `/user/models/${encodeURIComponent(modelId)}/photos`,
  );
  await Promise.all([invalidateUser(), trainingPhotosChanged()]);
  return model;
}

export async function addModelPhotos(
  modelId: string,
  request: AddModelPhotosRequest,
): Promise<ModelSummary> {
  const model = await api.post<ModelSummary>(`/user/models/${encodeURIComponent(modelId)}/photos`, {
    json: request,
  });
  await afterModelChange();
  return model;
}

/** Persists a drag-reordering of a model's photos. */
export async function orderModelPhotos(
  modelId: string,
  request: OrderModelPhotosRequest,
): Promise<ModelSummary> {
  const model = await api.put<ModelSummary>(
    `/user/models/${encodeURIComponent(modelId)}/photos/order`,
    { json: request },
  );
  await invalidateUser();
  return model;
}
