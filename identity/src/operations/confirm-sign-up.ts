import { z } from 'zod';
import { codeMismatch, consumeCode } from '../codes/verification-codes';
import { CognitoError } from '../errors';
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

const schema = z.object({ ...clientIdField, ...usernameField, ...confirmationCodeField });

export const confirmSignUp: OperationHandler = async (input, { service }) => {
  const request = parseInput(schema, input);
  assertClientId(service.options, request.ClientId);
  const { user, subject } = await resolveUsername(service, request.Username);
  if (user === undefined && !service.options.preventUserExistenceErrors) {
    throw new CognitoError('UserNotFoundException', 'Username/client id combination not found.');
  }
  if (user !== undefined && user.status !== 'UNCONFIRMED') {
    throw new CognitoError(
      'NotAuthorizedException',
      `User cannot be confirmed. Current status is ${user.status}`,
    );
  }
  // An unknown username's code (see ResendConfirmationCode) answers guesses and confirms nothing.
  await consumeCode(service, subject, 'sign_up', request.ConfirmationCode);
  if (user === undefined) throw codeMismatch();
  await updateUser(
    service.db,
    user.id,
    { status: 'CONFIRMED', email_verified: 1 },
    service.options.now(),
  );
  return {};
};
