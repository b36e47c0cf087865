import type { FastifyBaseLogger } from 'fastify';
import { CognitoError } from '../../errors';
import type { IdentityService } from '../../service';
import { passwordMatches } from '../../srp/password-verifier';
import { findUserByUsername } from '../../users/user-store';
import { afterPassword } from '../after-password';
import { assertNotLocked, incorrectCredentials, recordFailedPassword } from '../password-attempts';

/** USER_PASSWORD_AUTH: the password in the request, checked against the stored SRP verifier. */
export async function userPasswordAuth(
  service: IdentityService,
  parameters: Record<string, string>,
  log: FastifyBaseLogger,
) {
  const { USERNAME: username, PASSWORD: password } = parameters;
  if (!username || !password) {
    throw new CognitoError(
      'InvalidParameterException',
      'Missing required parameter USERNAME or PASSWORD',
    );
  }
  const user = await findUserByUsername(service.db, username);
  if (user === undefined) {
    if (service.options.preventUserExistenceErrors) throw incorrectCredentials();
    throw new CognitoError('UserNotFoundException', 'User does not exist.');
  }
  if (user.srp_salt === null || user.srp_verifier === null) throw incorrectCredentials();
  await assertNotLocked(service, user);
  const stored = { salt: user.srp_salt, verifier: user.srp_verifier };
  if (!passwordMatches(service.options.poolName, user.id, password, stored)) {
    return recordFailedPassword(service, user);
  }
  return afterPassword(service, user, log);
}
