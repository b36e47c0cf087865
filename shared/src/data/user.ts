import { api } from '@app/shared/api-client';
import useSWR, { mutate, type SWRResponse } from 'swr';
import type {
  AccountContents,
  DeleteAccountRequest,
  ProfilePictureRequest,
  UpdateUserRequest,
  UserProfile,
} from '../contract/user';
import type { UserExportLink } from '../contract/user-export';
import { normalizeModelStatus, TRAINING_AUTO_REFRESH_MS } from '../spec/constants';
import { fetchApiKey, userKeys } from './api-key';

export { userKeys } from './api-key';

export function hasReadyModel(profile: UserProfile | undefined): boolean {
  return profile?.models.some((model) => normalizeModelStatus(model.status) === 'ready') ?? false;
}

/** Spec §4: every 30 s while any model trains; not at all once none does. */
const whileTraining = (models: readonly { status: string }[] | undefined) =>
  models?.some((model) => normalizeModelStatus(model.status) === 'training')
    ? TRAINING_AUTO_REFRESH_MS
    : 0;

/**
 * The signed-in user's profile, shared by the shell and every remote through SWR's one cache.
 * While a model trains it refreshes every 30 s (spec §4) and stops when none is training.
 */
export function useUserProfile(signedIn: boolean): SWRResponse<UserProfile> {
  return useSWR<UserProfile>(signedIn ? userKeys.profile() : null, fetchApiKey, {
    refreshInterval: (profile) => whileTraining(profile?.models),
  });
}

/** After any change to the user or their models: the profile and training status re-read. */
export async function invalidateUser(): Promise<void> {
  await Promise.all([mutate(userKeys.profile()), mutate(userKeys.trainingStatus())]);
}

/** PUT /user: the answer is the new profile, so the cache takes it without another request. */
export async function updateUser(changes: UpdateUserRequest): Promise<UserProfile> {
  const profile = await api.put<UserProfile>('/user', { json: changes });
  await mutate(userKeys.profile(), profile, { revalidate: false });
  return profile;
}

export async function setProfilePicture(
  picture: ProfilePictureRequest,
): Promise<{ profilePictureUrl: string }> {
  const answer = await api.post<{ profilePictureUrl: string }>('/user/profile-picture', {
    json: picture,
  });
  await mutate<UserProfile>(
    userKeys.profile(),
    (profile) => profile && { ...profile, profilePicture: answer.profilePictureUrl },
    { revalidate: false },
  );
  return answer;
}

export async function removeProfilePicture(): Promise<void> {
  await api.delete('/user/profile-picture');
  await mutate<UserProfile>(
    userKeys.profile(),
    (profile) => profile && { ...profile, profilePicture: null },
    { revalidate: false },
  );
}

/**
 * POST /user/deletion: the account's deletion starts (a job on the server); its tokens are
 * refused from then on, so the caller signs out next.
 */
/** A short-lived link to the zip of everything of the account, for the browser to save. */
export function userExportLink(): Promise<UserExportLink> {
  return api.post('/user/export/link');
}

export function deleteAccount(
  request: DeleteAccountRequest,
): Promise<{ jobId: string; contents: AccountContents }> {
  return api.post('/user/deletion', { json: request });
}
