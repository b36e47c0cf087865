import { IDENTITY_TEXT } from '@app/shared/spec';
import { createContext, useContext } from 'react';
import type { AuthStatus, AuthUser } from './auth-user';
import type { OAuthReturn } from './oauth-return';

export interface AuthContextValue {
  status: AuthStatus;
  user: AuthUser | null;
  /** Why the last Google (hosted UI) sign-in failed, for the /callback screen. */
  redirectError: string | null;
  /** What the app was opened with on /callback; null when it started elsewhere. */
  oauthReturn: OAuthReturn | null;
  /** Re-reads the user's attributes, e.g. after a name change. */
  refreshUser: () => Promise<void>;
  /** Signs out here and everywhere the bus reaches; hosted (Google) sign-ins leave via the IdP. */
  logout: () => Promise<void>;
  /** Sets the user's `name` attribute at the identity service (the profile's Full Name). */
  updateName: (name: string) => Promise<void>;
  /** Deletes the identity where the api cannot (Amazon Cognito); see browserDeletesIdentity. */
  deleteIdentity: () => Promise<void>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error(IDENTITY_TEXT.useAuthOutsideProvider);
  return value;
}
