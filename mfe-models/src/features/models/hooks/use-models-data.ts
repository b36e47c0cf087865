import { bus } from '@app/shared/bus';
import type { TrainingPhotos } from '@app/shared/contract/media';
import type { UserProfile } from '@app/shared/contract/user';
import { fetchApiKey } from '@app/shared/data/api-key';
import { mediaKeys, useTrainingPhotos } from '@app/shared/data/media';
import { userKeys, useUserProfile } from '@app/shared/data/user';
import { MODELS_TEXT } from '@app/shared/spec';
import { useState } from 'react';
import { useSWRConfig, type SWRResponse } from 'swr';

/** How often the photos are read while the api still checks some of them. */
const CHECK_POLL_MS = 3000;

/**
 * The page's data: the profile (its models; refreshed every 30 s while one trains) and the
 * training photos (their urls and checks). The refresh button reads both again and says so for
 * 3 s; its failure is only logged (spec §8). A failed first load shows the spec's message.
 */
export function useModelsData() {
  const profile = useUserProfile(true);
  // New photos are checked by the api after their upload: read again until their checks are in.
  const photos = useTrainingPhotos(true, (data) =>
    data?.items.some((photo) => photo.photoCheck === 'pending') ? CHECK_POLL_MS : 0,
  );
  const shownProfile = useProfileInStep(profile.data, photos);
  const { mutate } = useSWRConfig();
  const [refreshing, setRefreshing] = useState(false);
  const [loadFailureDismissed, setLoadFailureDismissed] = useState(false);

  const reread = () =>
    Promise.all([
      mutate<UserProfile>(userKeys.profile(), fetchApiKey<UserProfile>(userKeys.profile())),
      mutate<TrainingPhotos>(
        mediaKeys.trainingPhotos(),
        fetchApiKey<TrainingPhotos>(mediaKeys.trainingPhotos()),
      ),
    ]);

  const refresh = async () => {
    if (refreshing) return;
    setRefreshing(true);
    try {
      await reread();
      bus.emit('toast:show', { intent: 'success', text: MODELS_TEXT.refreshed });
    } catch (error) {
      console.error('Refreshing models and photos failed', error);
    } finally {
      setRefreshing(false);
    }
  };

  const failed =
    (profile.error !== undefined && profile.data === undefined) ||
    (photos.error !== undefined && photos.data === undefined);

  return {
    profile: shownProfile,
    photos: photos.data?.items,
    loading: profile.isLoading || photos.isLoading,
    refreshing,
    refresh,
    loadFailed: failed && !loadFailureDismissed,
    dismissLoadFailure: () => setLoadFailureDismissed(true),
    retry: async () => {
      setLoadFailureDismissed(false);
      await Promise.all([profile.mutate(), photos.mutate()]);
    },
  };
}

/**
 * The profile as the page shows it. Its models name their photos, and the two reads answer apart:
 * a profile ahead of the photos list would draw its rows short of photos, then grow them under
 * the user's finger. So while the photos are being read, such a profile waits for their answer.
 */
function useProfileInStep(
  profile: UserProfile | undefined,
  photos: SWRResponse<TrainingPhotos>,
): UserProfile | undefined {
  const [shown, setShown] = useState<UserProfile | undefined>(undefined);
  const known = new Set(photos.data?.items.map((photo) => photo.imageId));
  const ahead =
    photos.isValidating &&
    (profile?.models ?? []).some((model) => model.trainingPhotos.some((id) => !known.has(id)));
  if (ahead) return shown;
  if (shown !== profile) setShown(profile);
  return profile;
}
