import { consumeCode } from '../../codes/verification-codes';
import { CognitoError } from '../../errors';
import type { EmailOtpState } from '../../mfa/second-factor';
import { freshTotpStep } from '../../mfa/totp';
import type { IdentityService } from '../../service';
import { findUserById, updateUser } from '../../users/user-store';
import { endAuthSession, readAuthSession, saveAuthSessionState } from '../auth-sessions';
import { authenticated } from '../sign-in-result';

/**
 * Wrong codes allowed per challenge. A TOTP guess hits one of three valid codes (±1 step), so
 * unlimited guesses within the 3-minute session would make the second factor guessable.
 */
const MAX_WRONG_CODES = 5;

interface MfaCodeState extends EmailOtpState {
  wrongCodes?: number;
}

const wrongMfaCode = () =>
  new CognitoError('CodeMismatchException', 'Invalid code received for user');

/** SOFTWARE_TOKEN_MFA (authenticator code) and EMAIL_OTP (mailed code): the second factor. */
export async function mfaCode(
  service: IdentityService,
  challenge: 'SOFTWARE_TOKEN_MFA' | 'EMAIL_OTP',
  sessionId: string | undefined,
  responses: Record<string, string>,
) {
  const session = await readAuthSession<MfaCodeState>(service, sessionId, challenge);
  const user = await findUserById(service.db, session.userId);
  if (user === undefined) throw new CognitoError('NotAuthorizedException', 'User does not exist.');
  const rejectCode = async (): Promise<never> => {
    const wrongCodes = (session.state.wrongCodes ?? 0) + 1;
    if (wrongCodes >= MAX_WRONG_CODES) await endAuthSession(service, session.id);
    else await saveAuthSessionState(service, session.id, { ...session.state, wrongCodes });
    throw wrongMfaCode();
  };
  if (challenge === 'SOFTWARE_TOKEN_MFA') {
    const now = service.options.now();
    const code = responses.SOFTWARE_TOKEN_MFA_CODE ?? '';
    const step =
      user.totp_secret === null
        ? undefined
        : freshTotpStep(user.totp_secret, code, now, user.totp_last_step);
    if (step === undefined) return rejectCode();
    await updateUser(service.db, user.id, { totp_last_step: step }, now);
  } else {
    // The e-mail code counts its own wrong guesses (and is dropped after five).
    await consumeCode(service, user.id, 'email_mfa', responses.EMAIL_OTP_CODE ?? '', wrongMfaCode);
    if (session.state.enableOnSuccess) {
      await updateUser(
        service.db,
        user.id,
        { email_mfa_enabled: 1, preferred_mfa: 'EMAIL_OTP' },
        service.options.now(),
      );
    }
  }
  await endAuthSession(service, session.id);
  return authenticated(service, user);
}
