import { getAuthConfig, loadAmplify } from './load-amplify';
import { freshStoredToken, hasStoredSession } from './stored-session';

/**
 * The bearer token for the product API (spec §7): the id token, else the access token, from
 * browser storage while it is valid; aws-amplify is fetched only to refresh an expired one.
 */
export async function apiToken(): Promise<string | null> {
  const { userPoolClientId } = getAuthConfig();
  if (!hasStoredSession(userPoolClientId)) return null;
  const stored = freshStoredToken(userPoolClientId);
  if (stored) return stored;
  const amplify = await loadAmplify();
  const { tokens } = await amplify.fetchAuthSession();
  return tokens?.idToken?.toString() ?? tokens?.accessToken?.toString() ?? null;
}
