import { z } from 'zod';
import { assertPasswordPolicy } from '../auth/password-policy';
import { deliverCode } from '../codes/deliver-code';
import { assertMailQuota, recordMailRequest } from '../codes/mail-quota';
import { CognitoError } from '../errors';
import { createPasswordVerifier } from '../srp/password-verifier';
import { EMAIL_PATTERN, writableAttributes } from '../users/attribute-schema';
import { deleteUser, findUserByUsername, insertUser } from '../users/user-store';
import {
  assertClientId,
  attributeListSchema,
  clientIdField,
  parseInput,
  usernameField,
} from './input';
import type { OperationHandler } from '../call-context';

const schema = z.object({
  ...clientIdField,
  ...usernameField,
  Password: z.string().min(1),
  UserAttributes: attributeListSchema.optional(),
});

/**
 * Sign-up requires email and name (the spec's pool); the e-mail is the username. An unconfirmed
 * account of the same e-mail is replaced, as in a Cognito pool whose e-mail is an alias: the
 * address belongs to whoever confirms it.
 */
export const signUp: OperationHandler = async (input, { service, log, source }) => {
  const request = parseInput(schema, input);
  assertClientId(service.options, request.ClientId);
  const email = request.Username.trim().toLowerCase();
  if (!EMAIL_PATTERN.test(email)) {
    throw new CognitoError('InvalidParameterException', 'Username should be an email.');
  }
  const attributes = writableAttributes(service.options, request.UserAttributes ?? []);
  const emailAttribute = attributes.email;
  if (emailAttribute !== undefined && emailAttribute.toLowerCase() !== email) {
    throw new CognitoError(
      'InvalidParameterException',
      'Attributes did not conform to the schema: email must be the username',
    );
  }
  const name = attributes.name?.trim();
  if (!name) {
    throw new CognitoError(
      'InvalidParameterException',
      'Attributes did not conform to the schema: name: The attribute is required',
    );
  }
  assertPasswordPolicy(request.Password);
  await recordMailRequest(service, source);

  const existing = await findUserByUsername(service.db, email);
  // Cognito says so even with PreventUserExistenceErrors: a sign-up form cannot hide it.
  if (existing !== undefined && existing.status !== 'UNCONFIRMED') {
    throw new CognitoError(
      'UsernameExistsException',
      'An account with the given email already exists.',
    );
  }
  await assertMailQuota(service, email);
  // Nobody has proved this address yet: a new sign-up replaces the earlier one (its password,
  // attributes and code), so whoever confirms with the mailed code confirms the password they
  // chose, never one set by someone who typed their address first.
  if (existing !== undefined) await deleteUser(service.db, existing.id);
  const { email: _email, ...otherAttributes } = attributes;
  const user = await insertUser(
    service.db,
    {
      email,
      emailVerified: false,
      status: 'UNCONFIRMED',
      attributes: { ...otherAttributes, name },
      verifierFor: (id) => createPasswordVerifier(service.options.poolName, id, request.Password),
    },
    service.options.now(),
  );
  return {
    UserSub: user.id,
    UserConfirmed: false,
    CodeDeliveryDetails: await deliverCode(service, user.id, 'sign_up', email, log),
  };
};
