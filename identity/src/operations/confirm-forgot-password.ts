import { z } from 'zod';
import { assertPasswordPolicy } from '../auth/password-policy';
import { codeMismatch, consumeCode } from '../codes/verification-codes';
import { CognitoError } from '../errors';
import { createPasswordVerifier } from '../srp/password-verifier';
import { revokeUserRefreshTokens } from '../tokens/refresh-tokens';
import { findUserByUsername, updateUser } from '../users/user-store';
import { assertClientId, clientIdField, parseInput } from './input';
import type { OperationHandler } from './index';

const schema = z.object({
  ...clientIdField,
  Username: z.string().min(1),
  ConfirmationCode: z.string().min(1),
  Password: z.string().min(1),
});

/** A reset ends every session of the account: whoever had the old password is signed out. */
export const confirmForgotPassword: OperationHandler = async (input, { service }) => {
  const request = parseInput(schema, input);
  assertClientId(service.options, request.ClientId);
  const user = await findUserByUsername(service.db, request.Username);
  if (user === undefined) {
    if (service.options.preventUserExistenceErrors) throw codeMismatch();
    throw new CognitoError('UserNotFoundException', 'Username/client id combination not found.');
  }
  assertPasswordPolicy(request.Password);
  await consumeCode(service, user.id, 'reset_password', request.ConfirmationCode);
  const verifier = createPasswordVerifier(service.options.poolName, user.id, request.Password);
  await updateUser(
    service.db,
    user.id,
    {
      srp_salt: verifier.salt,
      srp_verifier: verifier.verifier,
      failed_sign_ins: 0,
      locked_until: null,
      // The code reached the mailbox, which proves the address, like a sign-up code does.
      ...(user.status === 'UNCONFIRMED' || user.status === 'FORCE_CHANGE_PASSWORD'
        ? { status: 'CONFIRMED' as const }
        : {}),
    },
    service.options.now(),
  );
  await revokeUserRefreshTokens(service, user.id);
  return {};
};
