import type { CallContext } from '../../call-context';
import { sessionKey, signatureMatches } from '../../srp/server-challenge';
import { findUserById } from '../../users/user-store';
import { afterPassword } from '../after-password';
import { endAuthSession, readPasswordVerifierSession } from '../auth-sessions';
import type { PasswordVerifierState } from '../flows/user-srp-auth';
import {
  assertSignInAllowed,
  incorrectCredentials,
  recordFailedPassword,
} from '../password-attempts';

/**
 * USER_SRP_AUTH step 2: the client proves it derived the same key, i.e. knows the password. A
 * decoy's challenge goes through the same key derivation and counting, and can only fail.
 */
export async function passwordVerifier(context: CallContext, responses: Record<string, string>) {
  const { service, source } = context;
  const secretBlock = responses.PASSWORD_CLAIM_SECRET_BLOCK;
  const signature = responses.PASSWORD_CLAIM_SIGNATURE;
  const timestamp = responses.TIMESTAMP;
  if (!secretBlock || !signature || !timestamp) throw incorrectCredentials();
  const sessionId = Buffer.from(secretBlock, 'base64').toString('base64url');
  const session = await readPasswordVerifierSession<PasswordVerifierState>(
    service,
    sessionId,
  ).catch(() => {
    throw incorrectCredentials();
  });
  // One answer per challenge: a captured signature cannot be replayed.
  await endAuthSession(service, session.id);
  const { state } = session;
  await assertSignInAllowed(service, state.subject, source);

  const key = sessionKey(state.srpA, state, state.verifier);
  const claim = {
    poolName: service.options.poolName,
    userIdForSrp: state.userIdForSrp,
    secretBlock,
    timestamp,
  };
  const matches = signatureMatches(key, claim, signature);
  const user = await findUserById(service.db, session.userId ?? state.userIdForSrp);
  // The password may have changed since step 1: only the verifier still stored opens the account.
  if (!matches || session.userId === null || user?.srp_verifier !== state.verifier) {
    return recordFailedPassword(service, state.subject, source);
  }
  return afterPassword(context, user);
}
