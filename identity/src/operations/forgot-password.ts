import { z } from 'zod';
import { recordCodeRequest } from '../codes/code-requests';
import { deliverCode } from '../codes/deliver-code';
import { recordMailRequest } from '../codes/mail-quota';
import { issueCode } from '../codes/verification-codes';
import { CognitoError } from '../errors';
import { resolveUsername } from '../auth/username-subject';
import { fakeEmailDelivery } from './fake-delivery';
import { assertClientId, clientIdField, parseInput, usernameField } from './input';
import type { OperationHandler } from '../call-context';

const schema = z.object({ ...clientIdField, ...usernameField });

/**
 * Limits and codes are kept per subject, so an unknown username is counted and given a code
 * (one that goes nowhere) exactly like a real one, and the answers match.
 */
export const forgotPassword: OperationHandler = async (input, { service, log, source }) => {
  const request = parseInput(schema, input);
  assertClientId(service.options, request.ClientId);
  await recordMailRequest(service, source);
  const { user, subject } = await resolveUsername(service, request.Username);
  if (user === undefined && !service.options.preventUserExistenceErrors) {
    throw new CognitoError('UserNotFoundException', 'Username/client id combination not found.');
  }
  await recordCodeRequest(service, subject);
  if (user === undefined) {
    await issueCode(service, subject, 'reset_password');
    return fakeEmailDelivery(request.Username);
  }
  if (user.email_verified !== 1) {
    throw new CognitoError(
      'InvalidParameterException',
      'Cannot reset password for the user as there is no registered/verified email or phone_number',
    );
  }
  return {
    CodeDeliveryDetails: await deliverCode(service, subject, 'reset_password', user.email, log),
  };
};
