import type { FastifyBaseLogger } from 'fastify';
import { CognitoError } from '../../errors';
import { secondFactorOrTokens } from '../../mfa/second-factor';
import type { IdentityService } from '../../service';
import { createPasswordVerifier } from '../../srp/password-verifier';
import { findUserById, updateUser, userAttributes } from '../../users/user-store';
import { writableAttributes } from '../../users/attribute-schema';
import { endAuthSession, readAuthSession } from '../auth-sessions';
import { assertPasswordPolicy } from '../password-policy';

const ATTRIBUTE_PREFIX = 'userAttributes.';

/** A user made by the operator with a temporary password chooses their own on first sign-in. */
export async function newPasswordRequired(
  service: IdentityService,
  sessionId: string | undefined,
  responses: Record<string, string>,
  log: FastifyBaseLogger,
) {
  const session = await readAuthSession(service, sessionId, 'NEW_PASSWORD_REQUIRED');
  const password = responses.NEW_PASSWORD;
  if (!password)
    throw new CognitoError('InvalidParameterException', 'Missing required parameter NEW_PASSWORD');
  assertPasswordPolicy(password);
  const submitted = Object.entries(responses)
    .filter(([name]) => name.startsWith(ATTRIBUTE_PREFIX))
    .map(([name, value]) => ({ Name: name.slice(ATTRIBUTE_PREFIX.length), Value: value }))
    .filter(({ Name }) => Name !== 'email');
  const user = await findUserById(service.db, session.userId);
  if (user === undefined) throw new CognitoError('NotAuthorizedException', 'User does not exist.');
  const verifier = createPasswordVerifier(service.options.poolName, user.id, password);
  const attributes = { ...userAttributes(user), ...writableAttributes(service.options, submitted) };
  await updateUser(
    service.db,
    user.id,
    {
      status: 'CONFIRMED',
      srp_salt: verifier.salt,
      srp_verifier: verifier.verifier,
      attributes: JSON.stringify(attributes),
    },
    service.options.now(),
  );
  await endAuthSession(service, session.id);
  const updated = await findUserById(service.db, user.id);
  if (updated === undefined)
    throw new CognitoError('NotAuthorizedException', 'User does not exist.');
  return secondFactorOrTokens(service, updated, log);
}
