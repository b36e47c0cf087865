import type { TrainingPhoto } from '@app/shared/contract/media';
import type { ModelSummary } from '@app/shared/contract/models';

/**
 * Each model's photos, in the model's order, as the training-photos list describes them (urls,
 * check). Spec §4: when photos exist but no model has any assigned, they show under the first
 * model (on screen only).
 */
export function photosByModel(
  models: readonly ModelSummary[],
  photos: readonly TrainingPhoto[],
): Map<string, TrainingPhoto[]> {
  const byId = new Map(photos.map((photo) => [photo.imageId, photo]));
  const result = new Map(
    models.map((model) => [
      model.modelId,
      model.trainingPhotos.flatMap((id) => {
        const photo = byId.get(id);
        return photo ? [photo] : [];
      }),
    ]),
  );
  const [first] = models;
  const noneAssigned = models.every((model) => model.trainingPhotos.length === 0);
  if (first && noneAssigned && photos.length > 0) result.set(first.modelId, [...photos]);
  return result;
}

/** The photos a model's review refused: its recorded issues and the photos' own checks. */
export function refusedPhotos(
  model: ModelSummary,
  photos: readonly TrainingPhoto[],
): { imageId: string; filename: string; problem: string }[] {
  const fromTraining = model.photoIssues.map((issue) => ({
    imageId: issue.photoId,
    filename: issue.filename,
    problem: issue.problem,
  }));
  const known = new Set(fromTraining.map((issue) => issue.imageId));
  const fromChecks = photos.flatMap((photo) =>
    photo.photoCheck && photo.photoCheck !== 'ok' && photo.photoCheck !== 'pending'
      ? known.has(photo.imageId)
        ? []
        : [{ imageId: photo.imageId, filename: photo.filename, problem: photo.photoCheck }]
      : [],
  );
  return [...fromTraining, ...fromChecks];
}
