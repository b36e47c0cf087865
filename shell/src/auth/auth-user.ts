export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated';

/** Identity data of the signed-in user (spec §3), from the user pool. */
export interface AuthUser {
  userId: string;
  username: string;
  email: string;
  emailVerified: boolean;
  name: string;
}
