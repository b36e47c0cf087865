import { z } from 'zod';
import { deliverCode } from '../codes/deliver-code';
import { assertMailQuota, recordMailRequest } from '../codes/mail-quota';
import { CognitoError } from '../errors';
import { authenticateAccessToken } from '../tokens/access-token';
import { parseInput } from './input';
import type { OperationHandler } from '../call-context';

const schema = z.object({ AccessToken: z.string().min(1), AttributeName: z.string().min(1) });

/** Only e-mail is verifiable here: the pool has no phone numbers. */
export const getUserAttributeVerificationCode: OperationHandler = async (
  input,
  { service, log, source },
) => {
  const request = parseInput(schema, input);
  const { user } = await authenticateAccessToken(service, request.AccessToken);
  if (request.AttributeName !== 'email') {
    throw new CognitoError(
      'InvalidParameterException',
      `Invalid attribute name: ${request.AttributeName} cannot be verified`,
    );
  }
  // The address being proved: a pending change, else the account's own.
  const address = user.pending_email ?? user.email;
  await recordMailRequest(service, source);
  await assertMailQuota(service, address);
  return {
    CodeDeliveryDetails: await deliverCode(service, user.id, 'verify_email', address, log),
  };
};
