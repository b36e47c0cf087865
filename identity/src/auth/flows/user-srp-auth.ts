import type { CallContext } from '../../call-context';
import { CognitoError } from '../../errors';
import { createServerChallenge, isValidClientPublic } from '../../srp/server-challenge';
import { createAuthSession } from '../auth-sessions';
import { assertSignInAllowed } from '../password-attempts';
import { findPasswordHolder } from '../password-holder';

/** What PASSWORD_VERIFIER needs from step 1, for a real user and a decoy alike. */
export interface PasswordVerifierState {
  srpA: string;
  b: string;
  B: string;
  subject: string;
  userIdForSrp: string;
  verifier: string;
}

/**
 * USER_SRP_AUTH step 1: answer SRP_A with the PASSWORD_VERIFIER challenge. The SECRET_BLOCK is
 * the session handle: aws-amplify echoes it back (and signs it) in step 2. A name with no
 * account behind it gets a decoy's challenge (RFC 5054 §2.5.1.3, as Cognito does), held in a
 * session like any other, so its answer is checked, counted and limited the same way.
 */
export async function userSrpAuth(
  { service, source }: CallContext,
  parameters: Record<string, string>,
) {
  const { USERNAME: username, SRP_A: srpA } = parameters;
  if (!username) {
    throw new CognitoError('InvalidParameterException', 'Missing required parameter USERNAME');
  }
  if (!srpA || !isValidClientPublic(srpA)) {
    throw new CognitoError('InvalidParameterException', 'Invalid SRP_A');
  }
  const holder = await findPasswordHolder(service, username);
  if (!holder.exists && !service.options.preventUserExistenceErrors) {
    throw new CognitoError('UserNotFoundException', 'User does not exist.');
  }
  await assertSignInAllowed(service, holder.subject, source);
  const challenge = createServerChallenge(holder.verifier);
  const state: PasswordVerifierState = {
    srpA,
    ...challenge,
    subject: holder.subject,
    userIdForSrp: holder.userIdForSrp,
    verifier: holder.verifier,
  };
  const secretBlock = await createAuthSession(
    service,
    holder.account?.id ?? null,
    'PASSWORD_VERIFIER',
    state,
  );
  return {
    ChallengeName: 'PASSWORD_VERIFIER',
    ChallengeParameters: {
      SALT: holder.salt,
      SRP_B: challenge.B,
      SECRET_BLOCK: Buffer.from(secretBlock, 'base64url').toString('base64'),
      USER_ID_FOR_SRP: holder.userIdForSrp,
      USERNAME: holder.userIdForSrp,
    },
  };
}
