import { authenticateAccessToken } from '../tokens/access-token';
import { revokeUserRefreshTokens } from '../tokens/refresh-tokens';
import { accessTokenSchema } from './get-user';
import { parseInput } from './input';
import type { OperationHandler } from '../call-context';

/** Every session of the user on every device ends: refresh tokens and their access tokens. */
export const globalSignOut: OperationHandler = async (input, { service }) => {
  const request = parseInput(accessTokenSchema, input);
  const { user } = await authenticateAccessToken(service, request.AccessToken);
  await revokeUserRefreshTokens(service, user.id);
  return {};
};
