import { z } from 'zod';
import { readAuthSession, saveAuthSessionState } from '../auth/auth-sessions';
import type { MfaSetupState } from '../auth/challenges/mfa-setup';
import { CognitoError } from '../errors';
import { assertSoftwareTokenMfaEnabled } from '../mfa/pool-mfa';
import { totpCodeStep } from '../mfa/totp';
import { authenticateAccessToken } from '../tokens/access-token';
import { updateUser } from '../users/user-store';
import { parseInput } from './input';
import type { OperationHandler } from '../call-context';

const schema = z.object({
  AccessToken: z.string().optional(),
  Session: z.string().optional(),
  UserCode: z.string().min(1),
  FriendlyDeviceName: z.string().optional(),
});

const mismatch = () =>
  new CognitoError(
    'EnableSoftwareTokenMFAException',
    'Code mismatch and fail enable Software Token MFA',
  );

/** Proves the authenticator app holds the secret from AssociateSoftwareToken. */
export const verifySoftwareToken: OperationHandler = async (input, { service }) => {
  const request = parseInput(schema, input);
  assertSoftwareTokenMfaEnabled(service.options);
  const now = service.options.now();
  if (request.AccessToken !== undefined) {
    const { user } = await authenticateAccessToken(service, request.AccessToken);
    const pending = user.totp_pending_secret;
    if (pending === null) {
      throw new CognitoError('InvalidParameterException', 'User has not set up software token mfa');
    }
    const step = totpCodeStep(pending, request.UserCode, now);
    if (step === undefined) throw mismatch();
    await updateUser(
      service.db,
      user.id,
      { totp_secret: pending, totp_pending_secret: null, totp_last_step: step },
      now,
    );
    return { Status: 'SUCCESS' };
  }
  if (request.Session !== undefined) {
    const session = await readAuthSession<MfaSetupState>(service, request.Session, 'MFA_SETUP');
    const secret = session.state.totpSecret;
    if (secret === undefined) {
      throw new CognitoError('InvalidParameterException', 'User has not set up software token mfa');
    }
    const step = totpCodeStep(secret, request.UserCode, now);
    if (step === undefined) throw mismatch();
    const verified: MfaSetupState = { totpSecret: secret, totpVerifiedStep: step };
    await saveAuthSessionState(service, session.id, verified);
    return { Status: 'SUCCESS', Session: session.id };
  }
  throw new CognitoError('InvalidParameterException', 'Either AccessToken or Session is required');
};
