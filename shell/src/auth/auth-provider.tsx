import { bus } from '@app/shared/bus';
import { ROUTES } from '@app/shared/spec';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { AuthContext, type AuthStatus, type AuthUser } from './auth-context';
import { clearAccountStorage } from './clear-account-storage';
import { isNetworkError } from './errors';
import { getAuthConfig, loadAmplify, whenAmplifyLoaded, type AmplifyModule } from './load-amplify';
import { freshStoredToken, hasStoredSession, lastAuthUserKey, storedUser } from './stored-session';

async function readUser(amplify: AmplifyModule): Promise<AuthUser> {
  const [current, attributes] = await Promise.all([
    amplify.getCurrentUser(),
    amplify.fetchUserAttributes(),
  ]);
  return {
    userId: current.userId,
    username: current.username,
    email: attributes.email ?? current.signInDetails?.loginId ?? '',
    emailVerified: attributes.email_verified === 'true',
    name: attributes.name ?? '',
  };
}

/** The user a still-valid stored session describes; null when aws-amplify must look first. */
function userFromFreshSession(userPoolClientId: string): AuthUser | null {
  return freshStoredToken(userPoolClientId) ? storedUser(userPoolClientId) : null;
}

/**
 * Owns the sign-in state (spec §4). A valid stored session is trusted as it is, so aws-amplify is
 * only fetched to refresh an expired one, on the OAuth callback, or when the sign-in screen or a
 * sign-out needs it.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const { userPoolClientId } = getAuthConfig();
  const onCallback = window.location.pathname === ROUTES.callback;
  const [user, setUser] = useState<AuthUser | null>(() =>
    onCallback ? null : userFromFreshSession(userPoolClientId),
  );
  const [status, setStatus] = useState<AuthStatus>(() => {
    if (user) return 'authenticated';
    return onCallback || hasStoredSession(userPoolClientId) ? 'loading' : 'unauthenticated';
  });
  const [redirectError, setRedirectError] = useState<string | null>(null);

  const signedOutHere = useCallback((reason: 'user' | 'session-expired' | 'other-tab') => {
    clearAccountStorage();
    setUser(null);
    setStatus('unauthenticated');
    bus.emit('auth:logout', { reason });
  }, []);

  const refreshUser = useCallback(async () => {
    const amplify = await loadAmplify();
    try {
      setUser(await readUser(amplify));
      setStatus('authenticated');
    } catch (error) {
      // Offline is not signed out (spec §4): go on as the stored tokens say.
      if (isNetworkError(error)) {
        const offlineUser = storedUser(userPoolClientId);
        if (offlineUser) {
          setUser(offlineUser);
          setStatus('authenticated');
        }
        return;
      }
      console.error('The stored session is not valid', error);
      setUser(null);
      setStatus('unauthenticated');
    }
  }, [userPoolClientId]);

  useEffect(() => {
    let stopListening: (() => void) | undefined;
    const stopWaiting = whenAmplifyLoaded((amplify) => {
      stopListening = amplify.Hub.listen('auth', ({ payload }) => {
        switch (payload.event) {
          case 'signedIn':
          case 'signInWithRedirect':
          case 'tokenRefresh':
            void refreshUser();
            break;
          case 'signInWithRedirect_failure':
            setRedirectError(payload.data?.error?.message ?? 'unknown error');
            setStatus('unauthenticated');
            break;
          case 'tokenRefresh_failure':
            if (!isNetworkError(payload.data?.error)) signedOutHere('session-expired');
            break;
          case 'signedOut':
            setUser(null);
            setStatus('unauthenticated');
            break;
        }
      });
      // On /callback the OAuth listener finishes the sign-in and reports through the Hub; a
      // stale stored session is refreshed (or found invalid) now.
      if (
        !onCallback &&
        hasStoredSession(userPoolClientId) &&
        !freshStoredToken(userPoolClientId)
      ) {
        void refreshUser();
      }
    });
    return () => {
      stopWaiting();
      stopListening?.();
    };
  }, [onCallback, userPoolClientId, refreshUser, signedOutHere]);

  useEffect(() => {
    if (onCallback || (hasStoredSession(userPoolClientId) && !freshStoredToken(userPoolClientId))) {
      void loadAmplify();
    }
  }, [onCallback, userPoolClientId]);

  useEffect(() => {
    // Another tab signed out (aws-amplify removed its keys) or signed in.
    const onStorage = (event: StorageEvent) => {
      if (event.key !== lastAuthUserKey(userPoolClientId)) return;
      if (event.newValue === null) signedOutHere('other-tab');
      else void refreshUser();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [userPoolClientId, refreshUser, signedOutHere]);

  const logout = useCallback(async () => {
    if (hasStoredSession(userPoolClientId)) {
      try {
        // Revokes the refresh token; a hosted (Google) sign-in continues at the IdP's logout.
        const amplify = await loadAmplify();
        await amplify.signOut();
      } catch (error) {
        console.error('Sign-out at the identity service failed', error);
      }
    }
    signedOutHere('user');
  }, [userPoolClientId, signedOutHere]);

  const value = useMemo(
    () => ({ status, user, redirectError, refreshUser, logout }),
    [status, user, redirectError, refreshUser, logout],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
