import type { FastifyBaseLogger } from 'fastify';
import { CognitoError } from '../../errors';
import { enabledMfas, mfaChallenge, type MfaChallenge } from '../../mfa/second-factor';
import type { IdentityService } from '../../service';
import { findUserById } from '../../users/user-store';
import { endAuthSession, readAuthSession } from '../auth-sessions';

/** The user has several factors and no preference: ANSWER names the one to use now. */
export async function selectMfaType(
  service: IdentityService,
  sessionId: string | undefined,
  responses: Record<string, string>,
  log: FastifyBaseLogger,
) {
  const session = await readAuthSession(service, sessionId, 'SELECT_MFA_TYPE');
  const user = await findUserById(service.db, session.userId);
  if (user === undefined) throw new CognitoError('NotAuthorizedException', 'User does not exist.');
  const answer = responses.ANSWER as MfaChallenge | undefined;
  if (answer === undefined || !enabledMfas(user).includes(answer)) {
    throw new CognitoError('InvalidParameterException', 'Invalid MFA type');
  }
  await endAuthSession(service, session.id);
  return mfaChallenge(service, user, answer, log);
}
