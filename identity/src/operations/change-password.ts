import { z } from 'zod';
import {
  assertSignInAllowed,
  clearPasswordAttempts,
  recordFailedPassword,
} from '../auth/password-attempts';
import { assertPasswordPolicy } from '../auth/password-policy';
import { createPasswordVerifier, passwordMatches } from '../srp/password-verifier';
import { authenticateAccessToken } from '../tokens/access-token';
import { revokeUserRefreshTokens } from '../tokens/refresh-tokens';
import { updateUser } from '../users/user-store';
import { parseInput } from './input';
import type { OperationHandler } from '../call-context';

const schema = z.object({
  AccessToken: z.string().min(1),
  PreviousPassword: z.string().min(1),
  ProposedPassword: z.string().min(1),
});

/** The calling session survives; every other session of the account is revoked. */
export const changePassword: OperationHandler = async (input, { service, source }) => {
  const request = parseInput(schema, input);
  const { user, originJti } = await authenticateAccessToken(service, request.AccessToken);
  await assertSignInAllowed(service, user.id, source);
  const { poolName } = service.options;
  const stored =
    user.srp_salt !== null && user.srp_verifier !== null
      ? { salt: user.srp_salt, verifier: user.srp_verifier }
      : undefined;
  if (
    stored === undefined ||
    !passwordMatches(poolName, user.id, request.PreviousPassword, stored)
  ) {
    return recordFailedPassword(service, user.id, source);
  }
  assertPasswordPolicy(request.ProposedPassword);
  const verifier = createPasswordVerifier(poolName, user.id, request.ProposedPassword);
  await updateUser(
    service.db,
    user.id,
    { srp_salt: verifier.salt, srp_verifier: verifier.verifier },
    service.options.now(),
  );
  await clearPasswordAttempts(service, user.id);
  await revokeUserRefreshTokens(service, user.id, originJti);
  return {};
};
