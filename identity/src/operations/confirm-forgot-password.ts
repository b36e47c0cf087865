import { z } from 'zod';
import { clearPasswordAttempts } from '../auth/password-attempts';
import { assertPasswordPolicy } from '../auth/password-policy';
import { codeMismatch, consumeCode } from '../codes/verification-codes';
import { CognitoError } from '../errors';
import { createPasswordVerifier } from '../srp/password-verifier';
import { revokeUserRefreshTokens } from '../tokens/refresh-tokens';
import { updateUser } from '../users/user-store';
import { resolveUsername } from '../auth/username-subject';
import {
  assertClientId,
  clientIdField,
  confirmationCodeField,
  parseInput,
  usernameField,
} from './input';
import type { OperationHandler } from '../call-context';

const schema = z.object({
  ...clientIdField,
  ...usernameField,
  ...confirmationCodeField,
  Password: z.string().min(1),
});

/**
 * A reset ends every session of the account: whoever had the old password is signed out. The
 * checks run in the same order for every username; an unknown one's code (see ForgotPassword)
 * answers guesses like a real one and opens nothing.
 */
export const confirmForgotPassword: OperationHandler = async (input, { service }) => {
  const request = parseInput(schema, input);
  assertClientId(service.options, request.ClientId);
  const { user, subject } = await resolveUsername(service, request.Username);
  if (user === undefined && !service.options.preventUserExistenceErrors) {
    throw new CognitoError('UserNotFoundException', 'Username/client id combination not found.');
  }
  assertPasswordPolicy(request.Password);
  await consumeCode(service, subject, 'reset_password', request.ConfirmationCode);
  if (user === undefined) throw codeMismatch();
  const verifier = createPasswordVerifier(service.options.poolName, user.id, request.Password);
  await updateUser(
    service.db,
    user.id,
    {
      srp_salt: verifier.salt,
      srp_verifier: verifier.verifier,
      // The code reached the mailbox, which proves the address, like a sign-up code does.
      ...(user.status === 'UNCONFIRMED' || user.status === 'FORCE_CHANGE_PASSWORD'
        ? { status: 'CONFIRMED' as const }
        : {}),
    },
    service.options.now(),
  );
  await clearPasswordAttempts(service, user.id);
  await revokeUserRefreshTokens(service, user.id);
  return {};
};
