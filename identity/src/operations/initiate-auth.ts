import { z } from 'zod';
import { refreshTokens } from '../auth/flows/refresh-token-auth';
import { userPasswordAuth } from '../auth/flows/user-password-auth';
import { userSrpAuth } from '../auth/flows/user-srp-auth';
import { CognitoError } from '../errors';
import { assertClientId, clientIdField, parseInput } from './input';
import type { OperationHandler } from '../call-context';

const schema = z.object({
  ...clientIdField,
  AuthFlow: z.string().min(1),
  AuthParameters: z.record(z.string(), z.string()).default({}),
});

export const initiateAuth: OperationHandler = async (input, context) => {
  const { service } = context;
  const request = parseInput(schema, input);
  assertClientId(service.options, request.ClientId);
  const parameters = request.AuthParameters;
  switch (request.AuthFlow) {
    case 'USER_SRP_AUTH':
      return userSrpAuth(context, parameters);
    case 'USER_PASSWORD_AUTH':
      return userPasswordAuth(context, parameters);
    case 'REFRESH_TOKEN_AUTH':
    case 'REFRESH_TOKEN':
      return {
        ChallengeParameters: {},
        AuthenticationResult: await refreshTokens(service, parameters.REFRESH_TOKEN),
      };
    default:
      throw new CognitoError(
        'InvalidParameterException',
        `${request.AuthFlow} is not a supported auth flow for this client.`,
      );
  }
};
