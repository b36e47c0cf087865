import type { FastifyBaseLogger } from 'fastify';
import { createAuthSession } from '../auth/auth-sessions';
import { authenticated } from '../auth/sign-in-result';
import { deliverCode } from '../codes/deliver-code';
import { assertMailQuota } from '../codes/mail-quota';
import type { IdentityService } from '../service';
import type { UserRow } from '../users/user-row';
import { poolHasMfa } from './pool-mfa';

export type MfaChallenge = 'SOFTWARE_TOKEN_MFA' | 'EMAIL_OTP';

export function enabledMfas(user: UserRow): MfaChallenge[] {
  const enabled: MfaChallenge[] = [];
  if (user.totp_enabled === 1) enabled.push('SOFTWARE_TOKEN_MFA');
  if (user.email_mfa_enabled === 1) enabled.push('EMAIL_OTP');
  return enabled;
}

export interface EmailOtpState {
  /** Set when the code also completes MFA_SETUP: a correct code turns e-mail MFA on. */
  enableOnSuccess?: boolean;
}

/** Sends the e-mail code and answers with the EMAIL_OTP challenge. */
export async function emailOtpChallenge(
  service: IdentityService,
  user: UserRow,
  log: FastifyBaseLogger,
  state: EmailOtpState = {},
) {
  await assertMailQuota(service, user.email);
  const delivery = await deliverCode(service, user.id, 'email_mfa', user.email, log);
  return {
    ChallengeName: 'EMAIL_OTP',
    Session: await createAuthSession(service, user.id, 'EMAIL_OTP', state),
    ChallengeParameters: {
      CODE_DELIVERY_DELIVERY_MEDIUM: 'EMAIL',
      CODE_DELIVERY_DESTINATION: delivery.Destination,
      USER_ID_FOR_SRP: user.id,
    },
  };
}

export async function mfaChallenge(
  service: IdentityService,
  user: UserRow,
  challenge: MfaChallenge,
  log: FastifyBaseLogger,
) {
  if (challenge === 'EMAIL_OTP') return emailOtpChallenge(service, user, log);
  return {
    ChallengeName: 'SOFTWARE_TOKEN_MFA',
    Session: await createAuthSession(service, user.id, 'SOFTWARE_TOKEN_MFA'),
    ChallengeParameters: { USER_ID_FOR_SRP: user.id },
  };
}

/**
 * After the password: the pool's MFA setting and the user's enabled factors decide between
 * tokens, one MFA challenge, a choice (SELECT_MFA_TYPE) or a forced setup (MFA_SETUP).
 */
export async function secondFactorOrTokens(
  service: IdentityService,
  user: UserRow,
  log: FastifyBaseLogger,
) {
  const { mfa } = service.options;
  if (!poolHasMfa(service.options)) return authenticated(service, user);
  const enabled = enabledMfas(user);
  if (enabled.length === 0) {
    if (mfa === 'OPTIONAL') return authenticated(service, user);
    return {
      ChallengeName: 'MFA_SETUP',
      Session: await createAuthSession(service, user.id, 'MFA_SETUP'),
      ChallengeParameters: { MFAS_CAN_SETUP: JSON.stringify(['SOFTWARE_TOKEN_MFA', 'EMAIL_OTP']) },
    };
  }
  const preferred = enabled.find((challenge) => challenge === user.preferred_mfa);
  const only = enabled.length === 1 ? enabled[0] : undefined;
  const chosen = preferred ?? only;
  if (chosen !== undefined) return mfaChallenge(service, user, chosen, log);
  return {
    ChallengeName: 'SELECT_MFA_TYPE',
    Session: await createAuthSession(service, user.id, 'SELECT_MFA_TYPE'),
    ChallengeParameters: { MFAS_CAN_CHOOSE: JSON.stringify(enabled) },
  };
}
