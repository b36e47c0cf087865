import { z } from 'zod';
import { CognitoError } from '../errors';
import { factorNotEnabled, poolHasMfa } from '../mfa/pool-mfa';
import type { MfaChallenge } from '../mfa/second-factor';
import { authenticateAccessToken } from '../tokens/access-token';
import { updateUser } from '../users/user-store';
import { parseInput } from './input';
import type { OperationHandler } from '../call-context';

const settings = z
  .object({ Enabled: z.boolean().optional(), PreferredMfa: z.boolean().optional() })
  .optional();

const schema = z.object({
  AccessToken: z.string().min(1),
  SoftwareTokenMfaSettings: settings,
  EmailMfaSettings: settings,
  SMSMfaSettings: settings,
});

type Settings = z.infer<typeof settings>;
const turnsOn = (setting: Settings) => setting?.Enabled === true || setting?.PreferredMfa === true;

/**
 * Turns factors on or off per user. A factor the pool does not offer cannot be turned on (SMS
 * never, the others only when the pool's MFA is OPTIONAL or ON); turning one off always works.
 */
export const setUserMfaPreference: OperationHandler = async (input, { service }) => {
  const request = parseInput(schema, input);
  const { user } = await authenticateAccessToken(service, request.AccessToken);
  const totp = request.SoftwareTokenMfaSettings;
  const email = request.EmailMfaSettings;
  if (turnsOn(request.SMSMfaSettings)) throw factorNotEnabled('SMS');
  if (!poolHasMfa(service.options)) {
    if (turnsOn(totp)) throw factorNotEnabled('Software Token');
    if (turnsOn(email)) throw factorNotEnabled('Email');
  }
  if (totp?.Enabled && user.totp_secret === null) {
    throw new CognitoError('InvalidParameterException', 'User has not verified software token mfa');
  }
  if (email?.Enabled && user.email_verified !== 1) {
    throw new CognitoError('InvalidParameterException', 'User does not have a verified email');
  }
  const totpEnabled = totp?.Enabled ?? user.totp_enabled === 1;
  const emailEnabled = email?.Enabled ?? user.email_mfa_enabled === 1;
  let preferred = user.preferred_mfa as MfaChallenge | null;
  if (totp?.PreferredMfa) preferred = 'SOFTWARE_TOKEN_MFA';
  else if (email?.PreferredMfa) preferred = 'EMAIL_OTP';
  if (
    (preferred === 'SOFTWARE_TOKEN_MFA' && (!totpEnabled || totp?.PreferredMfa === false)) ||
    (preferred === 'EMAIL_OTP' && (!emailEnabled || email?.PreferredMfa === false))
  ) {
    preferred = null;
  }
  await updateUser(
    service.db,
    user.id,
    {
      totp_enabled: totpEnabled ? 1 : 0,
      email_mfa_enabled: emailEnabled ? 1 : 0,
      preferred_mfa: preferred,
    },
    service.options.now(),
  );
  return {};
};
