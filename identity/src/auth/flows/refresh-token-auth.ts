import { CognitoError } from '../../errors';
import type { IdentityService } from '../../service';
import { issueTokens } from '../../tokens/issue-tokens';
import { requireActiveRefreshToken } from '../../tokens/refresh-tokens';
import { findUserById } from '../../users/user-store';

/**
 * New access and id tokens from a refresh token (REFRESH_TOKEN_AUTH and
 * GetTokensFromRefreshToken). No RefreshToken in the answer: the client keeps the one it has.
 */
export async function refreshTokens(service: IdentityService, refreshToken: string | undefined) {
  if (!refreshToken) throw new CognitoError('NotAuthorizedException', 'Invalid Refresh Token');
  const { options } = service;
  const row = await requireActiveRefreshToken(service, refreshToken, options.clientId);
  const user = await findUserById(service.db, row.user_id);
  if (user === undefined) throw new CognitoError('NotAuthorizedException', 'User does not exist.');
  return issueTokens(service, user, {
    originJti: row.id,
    clientId: row.client_id,
    scope: row.scope,
    authTime: row.auth_time,
  });
}
