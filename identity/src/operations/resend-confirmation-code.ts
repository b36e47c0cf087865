import { z } from 'zod';
import { deliverCode } from '../codes/deliver-code';
import { CognitoError } from '../errors';
import { findUserByUsername } from '../users/user-store';
import { assertClientId, clientIdField, parseInput } from './input';
import type { OperationHandler } from './index';
import { fakeEmailDelivery } from './fake-delivery';

const schema = z.object({ ...clientIdField, Username: z.string().min(1) });

export const resendConfirmationCode: OperationHandler = async (input, { service, log }) => {
  const request = parseInput(schema, input);
  assertClientId(service.options, request.ClientId);
  const user = await findUserByUsername(service.db, request.Username);
  if (user === undefined) {
    if (service.options.preventUserExistenceErrors) return fakeEmailDelivery(request.Username);
    throw new CognitoError('UserNotFoundException', 'Username/client id combination not found.');
  }
  // The widget matches this exact text to skip ahead to "done".
  if (user.status !== 'UNCONFIRMED') {
    throw new CognitoError('InvalidParameterException', 'User is already confirmed.');
  }
  return {
    CodeDeliveryDetails: await deliverCode(service, user.id, 'sign_up', user.email, log),
  };
};
