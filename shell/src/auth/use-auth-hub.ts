import { useEffect, type Dispatch, type SetStateAction } from 'react';
import type { AuthStatus, AuthUser } from './auth-user';
import { isNetworkError } from './errors';
import { whenAmplifyLoaded } from './load-amplify';

interface HubHandlers {
  /** Reads the user again: a sign-in finished or the tokens were refreshed. */
  refreshUser: () => Promise<void>;
  /** Ends a session the identity service no longer accepts. */
  signedOutHere: (reason: 'session-expired') => void;
  setUser: Dispatch<SetStateAction<AuthUser | null>>;
  setStatus: Dispatch<SetStateAction<AuthStatus>>;
  setRedirectError: Dispatch<SetStateAction<string | null>>;
}

/**
 * Follows what aws-amplify reports on its Hub, from the moment it is loaded (a returning user
 * with a valid stored token may never load it). A refresh that fails for want of a network is
 * not a sign-out (spec §4).
 */
export function useAuthHub({
  refreshUser,
  signedOutHere,
  setUser,
  setStatus,
  setRedirectError,
}: HubHandlers) {
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
    });
    return () => {
      stopWaiting();
      stopListening?.();
    };
  }, [refreshUser, signedOutHere, setUser, setStatus, setRedirectError]);
}
