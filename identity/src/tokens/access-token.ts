import { jwtVerify, errors as joseErrors } from 'jose';
import { CognitoError } from '../errors';
import type { IdentityService } from '../service';
import { findUserById } from '../users/user-store';
import type { UserRow } from '../users/user-row';
import { API_SIGN_IN_SCOPE } from './issue-tokens';
import { isOriginRevoked } from './refresh-tokens';

interface AuthenticatedCall {
  user: UserRow;
  originJti: string;
}

/**
 * The check behind every operation that takes an AccessToken: our signature, our issuer, an
 * access (not id) token, and a session that has not been signed out.
 */
export async function authenticateAccessToken(
  service: IdentityService,
  accessToken: string,
): Promise<AuthenticatedCall> {
  const { options, signingKey } = service;
  let payload;
  try {
    ({ payload } = await jwtVerify(accessToken, signingKey.publicKey, {
      issuer: options.issuer,
      algorithms: ['RS256'],
      currentDate: options.now(),
    }));
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) {
      throw new CognitoError('NotAuthorizedException', 'Access Token has expired');
    }
    throw new CognitoError('NotAuthorizedException', 'Invalid Access Token');
  }
  if (
    payload.token_use !== 'access' ||
    payload.client_id !== options.clientId ||
    typeof payload.sub !== 'string' ||
    typeof payload.origin_jti !== 'string' ||
    // Hosted-UI tokens reach the user-pool API only when the app asked for this scope.
    typeof payload.scope !== 'string' ||
    !payload.scope.split(' ').includes(API_SIGN_IN_SCOPE)
  ) {
    throw new CognitoError('NotAuthorizedException', 'Invalid Access Token');
  }
  if (await isOriginRevoked(service, payload.origin_jti)) {
    throw new CognitoError('NotAuthorizedException', 'Access Token has been revoked');
  }
  const user = await findUserById(service.db, payload.sub);
  if (user === undefined) throw new CognitoError('NotAuthorizedException', 'User does not exist.');
  return { user, originJti: payload.origin_jti };
}
