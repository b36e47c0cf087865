import type { TrainingPhotos } from '@app/shared/contract/media';
import type { UserProfile } from '@app/shared/contract/user';
import {
  GALLERY_FIRST_FILTER,
  preloadMediaPages,
  preloadTrainingPhotos,
} from '@app/shared/data/media';
import { userKeys } from '@app/shared/data/user';
import { preload } from 'swr';

/**
 * Hands SWR the request for a returning user's profile (/api/user) that bootstrap started as the
 * app began, next to the route's remote files, instead of once the page that shows the profile
 * had rendered: the first hook that reads the key takes its answer, or its failure, as usual.
 */
export function preloadProfile(request: Promise<UserProfile>) {
  preload(userKeys.profile(), () => request).catch(() => {
    // The hook that reads the key gets the same failure and shows it as usual.
  });
}

/** The gallery's first list, for a returning user opening it (see `preloadMediaPages`). */
export function preloadGallery() {
  preloadMediaPages(GALLERY_FIRST_FILTER);
}

/** The models page's training photos, read as bootstrap began, for a returning user opening it. */
export function preloadModels(request: Promise<TrainingPhotos>) {
  preloadTrainingPhotos(request);
}
