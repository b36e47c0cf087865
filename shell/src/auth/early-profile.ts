import { fetchApiKey } from '@app/shared/data/api-key';
import { userKeys } from '@app/shared/data/user';
import { preload } from 'swr';
import { freshStoredToken } from './stored-session';

/**
 * A returning user's profile (/api/user) is asked for as the app starts, next to the route's
 * remote files, instead of once the page that shows it has rendered: SWR hands the answer to the
 * first hook that reads the key. Only with a stored token that is still valid, so the answer is
 * the profile of the user the app is about to show; otherwise the page asks as usual.
 */
export function preloadProfile(userPoolClientId: string) {
  if (!freshStoredToken(userPoolClientId)) return;
  preload(userKeys.profile(), fetchApiKey).catch(() => {
    // The hook that reads the key gets the same failure and shows it as usual.
  });
}
