import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { CognitoError } from '../errors';
import type { IdentityService } from '../service';
import type { RefreshTokensTable } from '../db/schema';

/** Cognito's default refresh-token lifetime. */
const REFRESH_TOKEN_LIFETIME_MS = 30 * 24 * 3_600_000;

const hash = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/**
 * Opaque random refresh tokens, stored hashed. The row id is the `origin_jti` of the tokens it
 * mints, which is how revoking it also invalidates those access tokens.
 */
export async function createRefreshToken(
  service: IdentityService,
  grant: { userId: string; clientId: string; scope: string; authTime: number },
): Promise<{ token: string; originJti: string }> {
  const originJti = randomUUID();
  const token = randomBytes(48).toString('base64url');
  const now = service.options.now().getTime();
  await service.db
    .insertInto('refresh_tokens')
    .values({
      id: originJti,
      token_hash: hash(token),
      user_id: grant.userId,
      client_id: grant.clientId,
      scope: grant.scope,
      auth_time: grant.authTime,
      created_at: now,
      expires_at: now + REFRESH_TOKEN_LIFETIME_MS,
      revoked_at: null,
    })
    .execute();
  return { token, originJti };
}

export async function findRefreshToken(
  service: IdentityService,
  token: string,
): Promise<RefreshTokensTable | undefined> {
  const tokenHash = hash(token);
  const row = await service.db
    .selectFrom('refresh_tokens')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  // The lookup is by hash; compare again in constant time so timing says nothing about near misses.
  if (row === undefined) return undefined;
  const same = timingSafeEqual(Buffer.from(row.token_hash, 'hex'), Buffer.from(tokenHash, 'hex'));
  return same ? row : undefined;
}

/** A usable refresh token of this client, or Cognito's NotAuthorizedException. */
export async function requireActiveRefreshToken(
  service: IdentityService,
  token: string,
  clientId: string,
): Promise<RefreshTokensTable> {
  const row = await findRefreshToken(service, token);
  if (row === undefined || row.client_id !== clientId) {
    throw new CognitoError('NotAuthorizedException', 'Invalid Refresh Token');
  }
  if (row.revoked_at !== null) {
    throw new CognitoError('NotAuthorizedException', 'Refresh Token has been revoked');
  }
  if (row.expires_at <= service.options.now().getTime()) {
    throw new CognitoError('NotAuthorizedException', 'Refresh Token has expired');
  }
  return row;
}

export async function revokeRefreshTokenFamily(
  service: IdentityService,
  originJti: string,
): Promise<void> {
  await service.db
    .updateTable('refresh_tokens')
    .set({ revoked_at: service.options.now().getTime() })
    .where('id', '=', originJti)
    .where('revoked_at', 'is', null)
    .execute();
}

/** GlobalSignOut and password changes: every session of the user, except `keep` if given. */
export async function revokeUserRefreshTokens(
  service: IdentityService,
  userId: string,
  keep?: string,
): Promise<void> {
  let query = service.db
    .updateTable('refresh_tokens')
    .set({ revoked_at: service.options.now().getTime() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keep !== undefined) query = query.where('id', '!=', keep);
  await query.execute();
}

export async function isOriginRevoked(
  service: IdentityService,
  originJti: string,
): Promise<boolean> {
  const row = await service.db
    .selectFrom('refresh_tokens')
    .select('revoked_at')
    .where('id', '=', originJti)
    .executeTakeFirst();
  return row === undefined || row.revoked_at !== null;
}
