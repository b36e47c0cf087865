import { AUTH_CALLBACK_TEXT, authenticationFailed } from '@app/shared/spec';
import type { AuthStatus } from './auth-user';
import type { StoredOAuthFlow } from './stored-session';

/**
 * What arrived at /callback, judged before aws-amplify runs: only a return of the sign-in this
 * browser started (same `state`, spec §5) is left to aws-amplify to complete. aws-amplify ignores
 * every other return without a word, which would leave the page waiting for ever.
 */
export type OAuthReturn =
  | { kind: 'pending' }
  | { kind: 'provider-error'; error: string }
  | { kind: 'missing-parameters' }
  | { kind: 'unexpected-state' };

export function inspectOAuthReturn(search: string, stored: StoredOAuthFlow): OAuthReturn {
  const params = new URLSearchParams(search);
  const error = params.get('error');
  if (error) return { kind: 'provider-error', error: params.get('error_description') ?? error };
  const state = params.get('state');
  if (!params.get('code') || !state) return { kind: 'missing-parameters' };
  if (!stored.inFlight || stored.state !== state) return { kind: 'unexpected-state' };
  return { kind: 'pending' };
}

/**
 * The §8 message the callback screen shows, or null while a pending return is still being
 * completed (or has succeeded).
 */
export function oauthReturnProblem(
  oauthReturn: OAuthReturn,
  status: AuthStatus,
  redirectError: string | null,
): string | null {
  switch (oauthReturn.kind) {
    case 'provider-error':
      return authenticationFailed(oauthReturn.error);
    case 'missing-parameters':
      return AUTH_CALLBACK_TEXT.missingOAuthParameters;
    case 'unexpected-state':
      return AUTH_CALLBACK_TEXT.tryAgain;
    case 'pending':
      if (redirectError) return authenticationFailed(redirectError);
      return status === 'unauthenticated' ? AUTH_CALLBACK_TEXT.tryAgain : null;
  }
}
