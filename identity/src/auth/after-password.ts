import type { CallContext } from '../call-context';
import { CognitoError } from '../errors';
import { secondFactorOrTokens } from '../mfa/second-factor';
import { userAttributes } from '../users/user-store';
import type { UserRow } from '../users/user-row';
import { createAuthSession } from './auth-sessions';
import { recordCorrectPassword } from './password-attempts';

/**
 * What follows a correct password, for SRP and plain password sign-in alike. Only now may the
 * answer reveal the account's state: the caller has proven they know the password.
 */
export async function afterPassword({ service, log, source }: CallContext, user: UserRow) {
  await recordCorrectPassword(service, user.id, source);
  if (user.status === 'UNCONFIRMED') {
    throw new CognitoError('UserNotConfirmedException', 'User is not confirmed.');
  }
  if (user.status === 'FORCE_CHANGE_PASSWORD') {
    return {
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      Session: await createAuthSession(service, user.id, 'NEW_PASSWORD_REQUIRED'),
      ChallengeParameters: {
        USER_ID_FOR_SRP: user.id,
        // Cognito sends both as JSON strings, and aws-amplify parses them as such.
        requiredAttributes: JSON.stringify([]),
        userAttributes: JSON.stringify({ ...userAttributes(user), email: user.email }),
      },
    };
  }
  return secondFactorOrTokens(service, user, log);
}
