import type { TrainingPhotos } from '@app/shared/contract/media';
import type { UserProfile } from '@app/shared/contract/user';
import { deleteTrainingPhoto, mediaKeys } from '@app/shared/data/media';
import { orderModelPhotos } from '@app/shared/data/models';
import { userKeys } from '@app/shared/data/user';
import { MODELS_TEXT } from '@app/shared/spec';
import { useSWRConfig } from 'swr';
import { failureMessage } from '../utils/error-message';

/**
 * Photo changes shown at once (spec §4) and undone when the server refuses them: the profile
 * (each model's photo ids) and the training-photos list are set as they will be, the call made,
 * and on failure both are put back as they were, with the spec's message.
 */
export function usePhotoActions(onError: (message: string) => void) {
  const { mutate } = useSWRConfig();
  const profileKey = userKeys.profile();
  const photosKey = mediaKeys.trainingPhotos();

  // Read through `mutate`: the latest data, even when two changes follow each other quickly.
  const snapshot = async () => {
    let profile: UserProfile | undefined;
    let photos: TrainingPhotos | undefined;
    await mutate<UserProfile>(profileKey, (current) => (profile = current), { revalidate: false });
    await mutate<TrainingPhotos>(photosKey, (current) => (photos = current), { revalidate: false });
    return { profile, photos };
  };

  const restore = async (before: Awaited<ReturnType<typeof snapshot>>) => {
    await mutate(profileKey, before.profile, { revalidate: true });
    await mutate(photosKey, before.photos, { revalidate: true });
  };

  const deletePhoto = async (imageId: string) => {
    const before = await snapshot();
    await mutate<UserProfile>(
      profileKey,
      (profile) =>
        profile && {
          ...profile,
          models: profile.models.map((model) => ({
            ...model,
            trainingPhotos: model.trainingPhotos.filter((id) => id !== imageId),
          })),
        },
      { revalidate: false },
    );
    await mutate<TrainingPhotos>(
      photosKey,
      (photos) => photos && { items: photos.items.filter((photo) => photo.imageId !== imageId) },
      { revalidate: false },
    );
    try {
      await deleteTrainingPhoto(imageId);
    } catch (error) {
      await restore(before);
      onError(failureMessage(error, MODELS_TEXT.deletePhotoFailed));
    }
  };

  const reorderPhotos = async (modelId: string, photoIds: string[]) => {
    const before = await snapshot();
    await mutate<UserProfile>(
      profileKey,
      (profile) =>
        profile && {
          ...profile,
          models: profile.models.map((model) =>
            model.modelId === modelId ? { ...model, trainingPhotos: photoIds } : model,
          ),
        },
      { revalidate: false },
    );
    try {
      await orderModelPhotos(modelId, { photoIds });
    } catch (error) {
      await restore(before);
      onError(failureMessage(error, MODELS_TEXT.reorderFailed));
    }
  };

  return { deletePhoto, reorderPhotos };
}
