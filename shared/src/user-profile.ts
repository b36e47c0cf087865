import useSWR, { type SWRResponse } from 'swr';
import { api } from './api-client';
import type { UserProfile } from './contract/user';
import { normalizeModelStatus, TRAINING_AUTO_REFRESH_MS } from './spec/constants';

/** The SWR key of the profile; call `mutate(USER_PROFILE_KEY)` after changing the user. */
export const USER_PROFILE_KEY = '/user';

export function hasReadyModel(profile: UserProfile | undefined): boolean {
  return profile?.models.some((model) => normalizeModelStatus(model.status) === 'ready') ?? false;
}

export function isAnyModelTraining(profile: UserProfile | undefined): boolean {
  return (
    profile?.models.some((model) => normalizeModelStatus(model.status) === 'training') ?? false
  );
}

/**
 * The signed-in user's profile, shared by the shell and every remote through SWR's one cache.
 * While a model trains it refreshes every 30 s (spec §4) and stops when none is training.
 */
export function useUserProfile(signedIn: boolean): SWRResponse<UserProfile> {
  return useSWR<UserProfile>(signedIn ? USER_PROFILE_KEY : null, (path: string) => api.get(path), {
    refreshInterval: (profile) => (isAnyModelTraining(profile) ? TRAINING_AUTO_REFRESH_MS : 0),
  });
}
