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

/** Counted and answered per subject, as ForgotPassword is. */
export const resendConfirmationCode: OperationHandler = async (input, { service, log, source }) => {
  const request = parseInput(schema, input);
  assertClientId(service.options, request.ClientId);
  await recordMailRequest(service, source);
  const { user, subject } = await resolveUsername(service, request.Username);
  if (user === undefined && !service.options.preventUserExistenceErrors) {
    throw new CognitoError('UserNotFoundException', 'Username/client id combination not found.');
  }
  // Cognito says so even with user-existence errors prevented; the widget matches this exact
  // text to skip ahead to "done".
  if (user !== undefined && user.status !== 'UNCONFIRMED') {
    throw new CognitoError('InvalidParameterException', 'User is already confirmed.');
  }
  await recordCodeRequest(service, subject);
  if (user === undefined) {
    await issueCode(service, subject, 'sign_up');
    return fakeEmailDelivery(request.Username);
  }
  return { CodeDeliveryDetails: await deliverCode(service, subject, 'sign_up', user.email, log) };
};
