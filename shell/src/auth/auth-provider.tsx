import { bus } from '@app/shared/bus';
import { ROUTES } from '@app/shared/spec';
import { browserDeletesIdentity } from '@app/shared/runtime-config';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { AuthContext } from './auth-context';
import type { AuthStatus, AuthUser } from './auth-user';
import { clearAccountStorage } from './clear-account-storage';
import { isNetworkError } from './errors';
import { getAuthConfig, loadAmplify, type AmplifyModule } from './load-amplify';
import { onApiUnauthorized } from './api-unauthorized';
import { inspectOAuthReturn } from './oauth-return';
import {
  clearStoredSession,
  freshStoredToken,
  hasStoredSession,
  lastAuthUserKey,
  storedOAuthFlow,
  storedUser,
} from './stored-session';
import { useAuthHub } from './use-auth-hub';

/**
 * Drops every API read SWR holds or still awaits (profile, models, gallery), so the next account
 * to sign in on this page never sees them. The module is imported on demand to keep swr out of a
 * signed-out visitor's first load; the signed-in chrome has loaded swr by then.
 */
function forgetAccountData() {
  import('@app/shared/data/forget-reads').then(
    ({ forgetAllReads }) => forgetAllReads(),
    (error: unknown) => console.error('The cached account data could not be dropped', error),
  );
}

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

/** How the provider starts, read from the address and browser storage alone. */
function startingPoint(userPoolClientId: string) {
  const onCallback = window.location.pathname === ROUTES.callback;
  const oauthFlow = storedOAuthFlow(userPoolClientId);
  const oauthReturn = onCallback ? inspectOAuthReturn(window.location.search, oauthFlow) : null;
  const completingOAuth = oauthReturn?.kind === 'pending';
  const user = completingOAuth ? null : userFromFreshSession(userPoolClientId);
  return {
    oauthReturn,
    completingOAuth,
    // aws-amplify also clears a sign-in it started when the return is not one it accepts.
    oauthToSettle: onCallback && oauthFlow.inFlight,
    user,
    // A stored session without a usable token (expired, or unreadable) is checked by aws-amplify.
    sessionToCheck: !completingOAuth && !user && hasStoredSession(userPoolClientId),
  };
}

/**
 * Owns the sign-in state (spec §4). A valid stored session is trusted as it is, so aws-amplify is
 * only fetched to refresh an expired one, on the OAuth callback, or when the sign-in screen or a
 * sign-out needs it. A session the API or the identity service refuses is signed out here.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const { userPoolClientId } = getAuthConfig();
  const [start] = useState(() => startingPoint(userPoolClientId));
  const [user, setUser] = useState<AuthUser | null>(start.user);
  const [status, setStatus] = useState<AuthStatus>(() => {
    if (start.user) return 'authenticated';
    return start.completingOAuth || start.sessionToCheck ? 'loading' : 'unauthenticated';
  });
  const [redirectError, setRedirectError] = useState<string | null>(null);

  const signedOutHere = useCallback(
    (reason: 'user' | 'session-expired' | 'other-tab') => {
      clearStoredSession(userPoolClientId);
      clearAccountStorage();
      forgetAccountData();
      setUser(null);
      setStatus('unauthenticated');
      bus.emit('auth:logout', { reason });
    },
    [userPoolClientId],
  );

  /** Offline is not signed out (spec §4): go on as the stored tokens say. */
  const continueOffline = useCallback(() => {
    const offlineUser = storedUser(userPoolClientId);
    setUser(offlineUser);
    setStatus(offlineUser ? 'authenticated' : 'unauthenticated');
  }, [userPoolClientId]);

  const refreshUser = useCallback(async () => {
    let amplify: AmplifyModule;
    try {
      amplify = await loadAmplify();
    } catch (error) {
      console.error('aws-amplify could not be loaded', error);
      continueOffline();
      return;
    }
    try {
      setUser(await readUser(amplify));
      setStatus('authenticated');
    } catch (error) {
      if (isNetworkError(error)) {
        continueOffline();
        return;
      }
      console.error('The stored session is not valid', error);
      signedOutHere('session-expired');
    }
  }, [continueOffline, signedOutHere]);

  useAuthHub({ refreshUser, signedOutHere, setUser, setStatus, setRedirectError });

  useEffect(() => {
    if (!start.sessionToCheck && !start.completingOAuth && !start.oauthToSettle) return;
    // On /callback aws-amplify's OAuth listener completes the sign-in and reports on the Hub.
    loadAmplify().then(
      () => {
        if (start.sessionToCheck) void refreshUser();
      },
      (error: unknown) => {
        console.error('aws-amplify could not be loaded', error);
        if (start.sessionToCheck) continueOffline();
        else if (start.completingOAuth) setStatus('unauthenticated');
      },
    );
  }, [start, refreshUser, continueOffline]);

  useEffect(
    () =>
      onApiUnauthorized(() => {
        // Only a session the app relied on can be refused; a signed-out 401 needs nothing.
        if (hasStoredSession(userPoolClientId)) signedOutHere('session-expired');
      }),
    [userPoolClientId, signedOutHere],
  );

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

  const updateName = useCallback(async (name: string) => {
    const amplify = await loadAmplify();
    await amplify.updateUserAttributes({ userAttributes: { name } });
    setUser((current) => current && { ...current, name });
    try {
      // The stored id token still names the user as before; a fresh one carries the new name.
      await amplify.fetchAuthSession({ forceRefresh: true });
    } catch (error) {
      console.error('The session could not be refreshed after the name changed', error);
    }
  }, []);

  const deleteIdentity = useCallback(async () => {
    if (!browserDeletesIdentity(getAuthConfig())) return;
    const amplify = await loadAmplify();
    // DeleteUser with the user's access token; aws-amplify signs out here afterwards.
    await amplify.deleteUser();
  }, []);

  const value = useMemo(
    () => ({
      status,
      user,
      redirectError,
      oauthReturn: start.oauthReturn,
      refreshUser,
      logout,
      updateName,
      deleteIdentity,
    }),
    [status, user, redirectError, start, refreshUser, logout, updateName, deleteIdentity],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
