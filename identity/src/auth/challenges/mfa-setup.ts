import type { FastifyBaseLogger } from 'fastify';
import { CognitoError } from '../../errors';
import { emailOtpChallenge } from '../../mfa/second-factor';
import type { IdentityService } from '../../service';
import { findUserById, updateUser } from '../../users/user-store';
import { authenticated } from '../sign-in-result';
import { endAuthSession, readAuthSession } from '../auth-sessions';

/** What AssociateSoftwareToken and VerifySoftwareToken leave in an MFA_SETUP session. */
export interface MfaSetupState {
  totpSecret?: string;
  /** Set by VerifySoftwareToken: the step of the code that proved the app holds the secret. */
  totpVerifiedStep?: number;
}

/**
 * MFA is required and the user has no factor yet. Either the authenticator was set up on this
 * session (AssociateSoftwareToken + VerifySoftwareToken) and this finishes sign-in, or EMAIL
 * names the address to receive codes and an EMAIL_OTP challenge confirms it.
 */
export async function mfaSetup(
  service: IdentityService,
  sessionId: string | undefined,
  responses: Record<string, string>,
  log: FastifyBaseLogger,
) {
  const session = await readAuthSession<MfaSetupState>(service, sessionId, 'MFA_SETUP');
  const user = await findUserById(service.db, session.userId);
  if (user === undefined) throw new CognitoError('NotAuthorizedException', 'User does not exist.');
  const { totpSecret, totpVerifiedStep } = session.state;
  if (totpSecret !== undefined && totpVerifiedStep !== undefined) {
    await updateUser(
      service.db,
      user.id,
      {
        totp_secret: totpSecret,
        totp_last_step: totpVerifiedStep,
        totp_enabled: 1,
        preferred_mfa: 'SOFTWARE_TOKEN_MFA',
      },
      service.options.now(),
    );
    await endAuthSession(service, session.id);
    return authenticated(service, user);
  }
  const email = responses.EMAIL?.trim().toLowerCase();
  if (email !== undefined) {
    // The address is the username here; setting up codes to another one would change the account.
    if (email !== user.email || user.email_verified !== 1) {
      throw new CognitoError('InvalidParameterException', 'Invalid email address for MFA setup');
    }
    await endAuthSession(service, session.id);
    return emailOtpChallenge(service, user, log, { enableOnSuccess: true });
  }
  throw new CognitoError('InvalidParameterException', 'No valid MFA method provided');
}
