import { ApiError } from '@app/shared/api-client';
import { bus } from '@app/shared/bus';
import { STORAGE_KEY_PREFIX } from '@app/shared/spec';
import type { UserProfile } from '@app/shared/contract/user';
import { userKeys, useUserProfile } from '@app/shared/data/user';
import { useEffect } from 'react';
import { useSWRConfig } from 'swr';

/** The product prefix: logout removes it with the other account data (spec §9). */
const LAST_PROFILE_KEY = `${STORAGE_KEY_PREFIX}last-user-profile`;

function lastProfile(): UserProfile | null {
  try {
    return JSON.parse(localStorage.getItem(LAST_PROFILE_KEY) ?? 'null') as UserProfile | null;
  } catch {
    return null;
  }
}

/**
 * The signed-in user's profile (GET /user), and the last one seen when the API cannot be reached:
 * an offline start still greets the user by name and knows whether Generate is open. Only after
 * a request failed without an answer, so an online start never shows an old profile, and a
 * reconnect (SWR revalidates then) replaces it.
 */
export function useProfileKeptOffline(): UserProfile | undefined {
  const { data: profile, error } = useUserProfile(true);
  const { mutate } = useSWRConfig();

  useEffect(() => {
    if (profile) localStorage.setItem(LAST_PROFILE_KEY, JSON.stringify(profile));
  }, [profile]);

  // A model became ready or was deleted in a remote: Generate opens or closes without waiting.
  useEffect(() => {
    const reread = () => void mutate(userKeys.profile());
    bus.on('models:changed', reread);
    return () => bus.off('models:changed', reread);
  }, [mutate]);

  useEffect(() => {
    if (profile || !error || error instanceof ApiError) return;
    const kept = lastProfile();
    if (kept) void mutate(userKeys.profile(), kept, { revalidate: false });
  }, [profile, error, mutate]);

  return profile;
}
