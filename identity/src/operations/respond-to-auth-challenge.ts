import { z } from 'zod';
import { mfaCode } from '../auth/challenges/mfa-code';
import { mfaSetup } from '../auth/challenges/mfa-setup';
import { newPasswordRequired } from '../auth/challenges/new-password-required';
import { passwordVerifier } from '../auth/challenges/password-verifier';
import { selectMfaType } from '../auth/challenges/select-mfa-type';
import { CognitoError } from '../errors';
import { assertClientId, clientIdField, parseInput } from './input';
import type { OperationHandler } from '../call-context';

const schema = z.object({
  ...clientIdField,
  ChallengeName: z.string().min(1),
  ChallengeResponses: z.record(z.string(), z.string()).default({}),
  Session: z.string().optional(),
});

export const respondToAuthChallenge: OperationHandler = async (input, context) => {
  const { service, log } = context;
  const request = parseInput(schema, input);
  assertClientId(service.options, request.ClientId);
  const responses = request.ChallengeResponses;
  const session = request.Session;
  switch (request.ChallengeName) {
    case 'PASSWORD_VERIFIER':
      return passwordVerifier(context, responses);
    case 'NEW_PASSWORD_REQUIRED':
      return newPasswordRequired(service, session, responses, log);
    case 'SOFTWARE_TOKEN_MFA':
    case 'EMAIL_OTP':
      return mfaCode(service, request.ChallengeName, session, responses);
    case 'SELECT_MFA_TYPE':
      return selectMfaType(service, session, responses, log);
    case 'MFA_SETUP':
      return mfaSetup(service, session, responses, log);
    default:
      throw new CognitoError(
        'InvalidParameterException',
        `${request.ChallengeName} is not a valid challenge for this pool.`,
      );
  }
};
