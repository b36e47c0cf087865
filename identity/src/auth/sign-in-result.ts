import type { IdentityService } from '../service';
import { API_SIGN_IN_SCOPE, issueTokens, type IssuedTokens } from '../tokens/issue-tokens';
import { createRefreshToken } from '../tokens/refresh-tokens';
import type { UserRow } from '../users/user-row';

interface SignInTokens extends IssuedTokens {
  RefreshToken: string;
}

/** The end of every sign-in: a new refresh-token family and the tokens minted from it. */
export async function signInTokens(
  service: IdentityService,
  user: UserRow,
  scope = API_SIGN_IN_SCOPE,
): Promise<SignInTokens> {
  const now = service.options.now();
  const authTime = Math.floor(now.getTime() / 1000);
  const clientId = service.options.clientId;
  const { token, originJti } = await createRefreshToken(service, {
    userId: user.id,
    clientId,
    scope,
    authTime,
  });
  const tokens = await issueTokens(service, user, { originJti, clientId, scope, authTime });
  return { ...tokens, RefreshToken: token };
}

/** InitiateAuth / RespondToAuthChallenge success shape. */
export async function authenticated(service: IdentityService, user: UserRow) {
  return { ChallengeParameters: {}, AuthenticationResult: await signInTokens(service, user) };
}
