import { z } from 'zod';
import { refreshTokens } from '../auth/flows/refresh-token-auth';
import { assertClientId, clientIdField, parseInput } from './input';
import type { OperationHandler } from '../call-context';

const schema = z.object({ ...clientIdField, RefreshToken: z.string().min(1) });

/** What aws-amplify > 6.15.3 calls on fetchAuthSession when the tokens are (nearly) expired. */
export const getTokensFromRefreshToken: OperationHandler = async (input, { service }) => {
  const request = parseInput(schema, input);
  assertClientId(service.options, request.ClientId);
  return { AuthenticationResult: await refreshTokens(service, request.RefreshToken) };
};
