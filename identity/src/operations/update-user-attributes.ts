import { z } from 'zod';
import { deliverCode } from '../codes/deliver-code';
import { assertMailQuota, recordMailRequest } from '../codes/mail-quota';
import { CognitoError } from '../errors';
import { authenticateAccessToken } from '../tokens/access-token';
import { findUserByUsername, updateUser, userAttributes } from '../users/user-store';
import { writableAttributes } from '../users/attribute-schema';
import { attributeListSchema, parseInput } from './input';
import type { OperationHandler } from '../call-context';

const schema = z.object({ AccessToken: z.string().min(1), UserAttributes: attributeListSchema });

/**
 * A new e-mail waits as the pending address and a code goes to it; the account keeps its
 * verified address, and sign-in name, until VerifyUserAttribute proves the new one.
 */
export const updateUserAttributes: OperationHandler = async (input, { service, log, source }) => {
  const request = parseInput(schema, input);
  const { user } = await authenticateAccessToken(service, request.AccessToken);
  const { email: requestedEmail, ...others } = writableAttributes(
    service.options,
    request.UserAttributes,
  );
  if (others.name !== undefined && others.name.trim() === '') {
    throw new CognitoError(
      'InvalidParameterException',
      'Attributes did not conform to the schema: name: The attribute is required',
    );
  }
  const newEmail = requestedEmail?.trim().toLowerCase();
  const emailChanges = newEmail !== undefined && newEmail !== user.email;
  if (emailChanges) {
    const owner = await findUserByUsername(service.db, newEmail);
    if (owner !== undefined) {
      throw new CognitoError(
        'AliasExistsException',
        'An account with the given email already exists.',
      );
    }
    // Before the change: a refused code must not leave the account on an unverifiable address.
    await recordMailRequest(service, source);
    await assertMailQuota(service, newEmail);
  }
  await updateUser(
    service.db,
    user.id,
    {
      attributes: JSON.stringify({ ...userAttributes(user), ...others }),
      ...(newEmail === undefined ? {} : { pending_email: emailChanges ? newEmail : null }),
    },
    service.options.now(),
  );
  if (!emailChanges) return { CodeDeliveryDetailsList: [] };
  return {
    CodeDeliveryDetailsList: [await deliverCode(service, user.id, 'verify_email', newEmail, log)],
  };
};
