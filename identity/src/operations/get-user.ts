import { z } from 'zod';
import { authenticateAccessToken } from '../tokens/access-token';
import { attributeList } from '../users/user-store';
import { parseInput } from './input';
import type { OperationHandler } from './index';

export const accessTokenSchema = z.object({ AccessToken: z.string().min(1) });

export const getUser: OperationHandler = async (input, { service }) => {
  const request = parseInput(accessTokenSchema, input);
  const { user } = await authenticateAccessToken(service, request.AccessToken);
  const mfas = [
    ...(user.totp_enabled === 1 ? ['SOFTWARE_TOKEN_MFA'] : []),
    ...(user.email_mfa_enabled === 1 ? ['EMAIL_OTP'] : []),
  ];
  return {
    Username: user.id,
    UserAttributes: attributeList(user),
    ...(mfas.length > 0 ? { UserMFASettingList: mfas } : {}),
    ...(user.preferred_mfa !== null ? { PreferredMfaSetting: user.preferred_mfa } : {}),
  };
};
