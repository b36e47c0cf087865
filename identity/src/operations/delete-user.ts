import { deleteUser as deleteStoredUser } from '../users/user-store';
import { authenticateAccessToken } from '../tokens/access-token';
import { accessTokenSchema } from './get-user';
import { parseInput } from './input';
import type { OperationHandler } from '../call-context';

/** The signed-in user deletes itself: the account, its sessions and codes go at once. */
export const deleteUser: OperationHandler = async (input, { service }) => {
  const request = parseInput(accessTokenSchema, input);
  const { user } = await authenticateAccessToken(service, request.AccessToken);
  await deleteStoredUser(service.db, user.id);
  return {};
};
