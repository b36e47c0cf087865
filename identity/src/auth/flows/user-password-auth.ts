import type { CallContext } from '../../call-context';
import { CognitoError } from '../../errors';
import { passwordMatches } from '../../srp/password-verifier';
import { afterPassword } from '../after-password';
import { assertSignInAllowed, recordFailedPassword } from '../password-attempts';
import { findPasswordHolder } from '../password-holder';

/**
 * USER_PASSWORD_AUTH: the password in the request, checked against the stored SRP verifier, or
 * a decoy's when no account can be opened, so an unknown user costs the same work and limits.
 */
export async function userPasswordAuth(context: CallContext, parameters: Record<string, string>) {
  const { service, source } = context;
  const { USERNAME: username, PASSWORD: password } = parameters;
  if (!username || !password) {
    throw new CognitoError(
      'InvalidParameterException',
      'Missing required parameter USERNAME or PASSWORD',
    );
  }
  const holder = await findPasswordHolder(service, username);
  if (!holder.exists && !service.options.preventUserExistenceErrors) {
    throw new CognitoError('UserNotFoundException', 'User does not exist.');
  }
  await assertSignInAllowed(service, holder.subject, source);
  const matches = passwordMatches(service.options.poolName, holder.userIdForSrp, password, holder);
  if (!matches || holder.account === undefined) {
    return recordFailedPassword(service, holder.subject, source);
  }
  return afterPassword(context, holder.account);
}
