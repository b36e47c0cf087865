import { z } from 'zod';
import { readAuthSession, saveAuthSessionState } from '../auth/auth-sessions';
import type { MfaSetupState } from '../auth/challenges/mfa-setup';
import { CognitoError } from '../errors';
import { assertSoftwareTokenMfaEnabled } from '../mfa/pool-mfa';
import { newTotpSecret } from '../mfa/totp';
import { authenticateAccessToken } from '../tokens/access-token';
import { updateUser } from '../users/user-store';
import { parseInput } from './input';
import type { OperationHandler } from '../call-context';

const schema = z.object({ AccessToken: z.string().optional(), Session: z.string().optional() });

/**
 * A new authenticator secret: for a signed-in user (AccessToken, aws-amplify's setUpTOTP) or
 * during sign-in when MFA must be set up (Session of an MFA_SETUP challenge). Refused when the
 * pool has no MFA.
 */
export const associateSoftwareToken: OperationHandler = async (input, { service }) => {
  const request = parseInput(schema, input);
  assertSoftwareTokenMfaEnabled(service.options);
  const secret = newTotpSecret();
  if (request.AccessToken !== undefined) {
    const { user } = await authenticateAccessToken(service, request.AccessToken);
    await updateUser(service.db, user.id, { totp_pending_secret: secret }, service.options.now());
    return { SecretCode: secret };
  }
  if (request.Session !== undefined) {
    const session = await readAuthSession<MfaSetupState>(service, request.Session, 'MFA_SETUP');
    await saveAuthSessionState(service, session.id, { totpSecret: secret });
    return { SecretCode: secret, Session: session.id };
  }
  throw new CognitoError('InvalidParameterException', 'Either AccessToken or Session is required');
};
