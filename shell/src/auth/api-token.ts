import { getAuthConfig, loadAmplify } from './load-amplify';
import { hasStoredSession } from './stored-session';

/** The bearer token for the product API (spec §7): the id token, else the access token. */
export async function apiToken(): Promise<string | null> {
  if (!hasStoredSession(getAuthConfig().userPoolClientId)) return null;
  const amplify = await loadAmplify();
  const { tokens } = await amplify.fetchAuthSession();
  return tokens?.idToken?.toString() ?? tokens?.accessToken?.toString() ?? null;
}
