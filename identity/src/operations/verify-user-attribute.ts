import { z } from 'zod';
import { consumeCode } from '../codes/verification-codes';
import { CognitoError } from '../errors';
import { authenticateAccessToken } from '../tokens/access-token';
import { findUserByUsername, updateUser } from '../users/user-store';
import { parseInput } from './input';
import type { OperationHandler } from '../call-context';

const schema = z.object({
  AccessToken: z.string().min(1),
  AttributeName: z.string().min(1),
  Code: z.string().min(1),
});

export const verifyUserAttribute: OperationHandler = async (input, { service }) => {
  const request = parseInput(schema, input);
  const { user } = await authenticateAccessToken(service, request.AccessToken);
  if (request.AttributeName !== 'email') {
    throw new CognitoError(
      'InvalidParameterException',
      `Invalid attribute name: ${request.AttributeName} cannot be verified`,
    );
  }
  await consumeCode(service, user.id, 'verify_email', request.Code);
  const moving = user.pending_email;
  // Another account may have taken the address since the change was asked for.
  if (moving !== null && (await findUserByUsername(service.db, moving)) !== undefined) {
    throw new CognitoError(
      'AliasExistsException',
      'An account with the given email already exists.',
    );
  }
  await updateUser(
    service.db,
    user.id,
    moving === null
      ? { email_verified: 1 }
      : { email: moving, email_verified: 1, pending_email: null },
    service.options.now(),
  );
  return {};
};
