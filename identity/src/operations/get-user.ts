import { z } from 'zod';
import { poolHasMfa } from '../mfa/pool-mfa';
import { enabledMfas } from '../mfa/second-factor';
import { authenticateAccessToken } from '../tokens/access-token';
import { declaredAttributes } from '../users/attribute-schema';
import { attributeList, userAttributes } from '../users/user-store';
import { parseInput } from './input';
import type { OperationHandler } from '../call-context';

export const accessTokenSchema = z.object({ AccessToken: z.string().min(1) });

export const getUser: OperationHandler = async (input, { service }) => {
  const request = parseInput(accessTokenSchema, input);
  const { user } = await authenticateAccessToken(service, request.AccessToken);
  // With the pool's MFA off no factor is asked for, so none is reported (fetchMFAPreference).
  const mfas = poolHasMfa(service.options) ? enabledMfas(user) : [];
  const preferred = mfas.find((mfa) => mfa === user.preferred_mfa);
  return {
    Username: user.id,
    // As in the id token: only what the schema declares, whatever was stored before.
    UserAttributes: attributeList(user, declaredAttributes(service.options, userAttributes(user))),
    ...(mfas.length > 0 ? { UserMFASettingList: mfas } : {}),
    ...(preferred !== undefined ? { PreferredMfaSetting: preferred } : {}),
  };
};
