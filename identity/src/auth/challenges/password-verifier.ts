import type { FastifyBaseLogger } from 'fastify';
import type { IdentityService } from '../../service';
import { sessionKey, signatureMatches } from '../../srp/server-challenge';
import { findUserById } from '../../users/user-store';
import { afterPassword } from '../after-password';
import { endAuthSession, readAuthSession } from '../auth-sessions';
import type { PasswordVerifierState } from '../flows/user-srp-auth';
import { assertNotLocked, incorrectCredentials, recordFailedPassword } from '../password-attempts';

/** USER_SRP_AUTH step 2: the client proves it derived the same key, i.e. knows the password. */
export async function passwordVerifier(
  service: IdentityService,
  responses: Record<string, string>,
  log: FastifyBaseLogger,
) {
  const secretBlock = responses.PASSWORD_CLAIM_SECRET_BLOCK;
  const signature = responses.PASSWORD_CLAIM_SIGNATURE;
  const timestamp = responses.TIMESTAMP;
  if (!secretBlock || !signature || !timestamp) throw incorrectCredentials();
  const sessionId = Buffer.from(secretBlock, 'base64').toString('base64url');
  // A decoy challenge (unknown user) has no session, and ends here like a wrong password.
  const session = await readAuthSession<PasswordVerifierState>(
    service,
    sessionId,
    'PASSWORD_VERIFIER',
  ).catch(() => {
    throw incorrectCredentials();
  });
  // One answer per challenge: a captured signature cannot be replayed.
  await endAuthSession(service, session.id);
  const user = await findUserById(service.db, session.userId);
  if (user === undefined || user.srp_verifier === null) throw incorrectCredentials();
  await assertNotLocked(service, user);

  const key = sessionKey(session.state.srpA, session.state, user.srp_verifier);
  const claim = {
    poolName: service.options.poolName,
    userIdForSrp: user.id,
    secretBlock,
    timestamp,
  };
  if (!signatureMatches(key, claim, signature)) return recordFailedPassword(service, user);
  return afterPassword(service, user, log);
}
