import { z } from 'zod';
import { deliverCode } from '../codes/deliver-code';
import { CognitoError } from '../errors';
import { findUserByUsername } from '../users/user-store';
import { fakeEmailDelivery } from './fake-delivery';
import { assertClientId, clientIdField, parseInput } from './input';
import type { OperationHandler } from './index';

const schema = z.object({ ...clientIdField, Username: z.string().min(1) });

export const forgotPassword: OperationHandler = async (input, { service, log }) => {
  const request = parseInput(schema, input);
  assertClientId(service.options, request.ClientId);
  const user = await findUserByUsername(service.db, request.Username);
  if (user === undefined) {
    if (service.options.preventUserExistenceErrors) return fakeEmailDelivery(request.Username);
    throw new CognitoError('UserNotFoundException', 'Username/client id combination not found.');
  }
  if (user.email_verified !== 1) {
    throw new CognitoError(
      'InvalidParameterException',
      'Cannot reset password for the user as there is no registered/verified email or phone_number',
    );
  }
  return {
    CodeDeliveryDetails: await deliverCode(service, user.id, 'reset_password', user.email, log),
  };
};
