import { z } from 'zod';
import { CognitoError } from '../errors';
import { findRefreshToken, revokeRefreshTokenFamily } from '../tokens/refresh-tokens';
import { assertClientId, clientIdField, parseInput } from './input';
import type { OperationHandler } from '../call-context';

const schema = z.object({ ...clientIdField, Token: z.string().min(1) });

/**
 * aws-amplify's signOut: revokes the refresh token and with it every access/id token minted from
 * it (same origin_jti). Unknown tokens succeed too, as in Cognito: there is nothing to revoke.
 */
export const revokeToken: OperationHandler = async (input, { service }) => {
  const request = parseInput(schema, input);
  assertClientId(service.options, request.ClientId);
  const row = await findRefreshToken(service, request.Token);
  if (row === undefined) return {};
  if (row.client_id !== request.ClientId) {
    throw new CognitoError('UnauthorizedException', 'Token was not issued to this client');
  }
  await revokeRefreshTokenFamily(service, row.id);
  return {};
};
