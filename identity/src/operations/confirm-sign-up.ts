import { z } from 'zod';
import { consumeCode, codeMismatch } from '../codes/verification-codes';
import { CognitoError } from '../errors';
import { findUserByUsername, updateUser } from '../users/user-store';
import { assertClientId, clientIdField, parseInput } from './input';
import type { OperationHandler } from './index';

const schema = z.object({
  ...clientIdField,
  Username: z.string().min(1),
  ConfirmationCode: z.string().min(1),
});

export const confirmSignUp: OperationHandler = async (input, { service }) => {
  const request = parseInput(schema, input);
  assertClientId(service.options, request.ClientId);
  const user = await findUserByUsername(service.db, request.Username);
  if (user === undefined) {
    // Without enumeration protection Cognito names the problem; with it, a wrong code is all it says.
    if (service.options.preventUserExistenceErrors) throw codeMismatch();
    throw new CognitoError('UserNotFoundException', 'Username/client id combination not found.');
  }
  if (user.status !== 'UNCONFIRMED') {
    throw new CognitoError(
      'NotAuthorizedException',
      `User cannot be confirmed. Current status is ${user.status}`,
    );
  }
  await consumeCode(service, user.id, 'sign_up', request.ConfirmationCode);
  await updateUser(
    service.db,
    user.id,
    { status: 'CONFIRMED', email_verified: 1 },
    service.options.now(),
  );
  return {};
};
