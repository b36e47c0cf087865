import { createHmac, randomBytes } from 'node:crypto';
import { CognitoError } from '../../errors';
import type { IdentityService } from '../../service';
import { createServerChallenge, isValidClientPublic } from '../../srp/server-challenge';
import { findUserByUsername } from '../../users/user-store';
import { createAuthSession } from '../auth-sessions';
import { assertNotLocked, incorrectCredentials } from '../password-attempts';

export interface PasswordVerifierState {
  srpA: string;
  b: string;
  B: string;
}

/**
 * USER_SRP_AUTH step 1: answer SRP_A with the PASSWORD_VERIFIER challenge. The SECRET_BLOCK is
 * the session handle: aws-amplify echoes it back (and signs it) in step 2.
 */
export async function userSrpAuth(service: IdentityService, parameters: Record<string, string>) {
  const { USERNAME: username, SRP_A: srpA } = parameters;
  if (!username) {
    throw new CognitoError('InvalidParameterException', 'Missing required parameter USERNAME');
  }
  if (!srpA || !isValidClientPublic(srpA)) {
    throw new CognitoError('InvalidParameterException', 'Invalid SRP_A');
  }
  const user = await findUserByUsername(service.db, username);
  if (user === undefined || user.srp_salt === null || user.srp_verifier === null) {
    // A Google-only user has no password either: with prevention on, both look like a wrong one.
    if (service.options.preventUserExistenceErrors) return decoyChallenge(service, username);
    if (user === undefined) throw new CognitoError('UserNotFoundException', 'User does not exist.');
    throw incorrectCredentials();
  }
  await assertNotLocked(service, user);
  const challenge = createServerChallenge(user.srp_verifier);
  const secretBlock = await createAuthSession(service, user.id, 'PASSWORD_VERIFIER', {
    srpA,
    ...challenge,
  } satisfies PasswordVerifierState);
  return {
    ChallengeName: 'PASSWORD_VERIFIER',
    ChallengeParameters: {
      SALT: user.srp_salt,
      SRP_B: challenge.B,
      SECRET_BLOCK: Buffer.from(secretBlock, 'base64url').toString('base64'),
      USER_ID_FOR_SRP: user.id,
      USERNAME: user.id,
    },
  };
}

/**
 * For an unknown username: a challenge shaped like a real one, stable per username (so asking
 * twice does not give it away), whose answer can only fail with "Incorrect username or password.".
 */
function decoyChallenge(service: IdentityService, username: string) {
  const derive = (label: string) =>
    createHmac('sha256', service.signingKey.pepper)
      .update(`${label}:${username.toLowerCase()}`)
      .digest();
  const decoyId = uuidShaped(derive('id').toString('hex'));
  const fakeVerifier = derive('verifier').toString('hex');
  return {
    ChallengeName: 'PASSWORD_VERIFIER',
    ChallengeParameters: {
      SALT: derive('salt').subarray(0, 16).toString('hex'),
      SRP_B: createServerChallenge(fakeVerifier).B,
      SECRET_BLOCK: randomBytes(64).toString('base64'),
      USER_ID_FOR_SRP: decoyId,
      USERNAME: decoyId,
    },
  };
}

/** 16 bytes of hex laid out like the random (v4) uuids real users get as their username. */
function uuidShaped(hex: string): string {
  const part = (from: number, to: number) => hex.slice(from, to);
  return `${part(0, 8)}-${part(8, 12)}-4${part(13, 16)}-a${part(17, 20)}-${part(20, 32)}`;
}
