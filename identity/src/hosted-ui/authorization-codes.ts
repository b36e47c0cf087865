import { createHash, randomBytes } from 'node:crypto';
import type { IdentityService } from '../service';

/** Cognito's authorization codes are valid for 5 minutes. */
const CODE_LIFETIME_MS = 5 * 60_000;

const hash = (code: string) => createHash('sha256').update(code, 'utf8').digest('hex');

interface CodeGrant {
  userId: string;
  redirectUri: string;
  codeChallenge: string;
  scope: string;
}

export async function issueAuthorizationCode(
  service: IdentityService,
  grant: CodeGrant,
): Promise<string> {
  const code = randomBytes(32).toString('base64url');
  await service.db
    .insertInto('authorization_codes')
    .values({
      code_hash: hash(code),
      user_id: grant.userId,
      redirect_uri: grant.redirectUri,
      code_challenge: grant.codeChallenge,
      scope: grant.scope,
      expires_at: service.options.now().getTime() + CODE_LIFETIME_MS,
    })
    .execute();
  return code;
}

/** Single use: the code is deleted as it is read, whatever the outcome of the exchange. */
export async function takeAuthorizationCode(
  service: IdentityService,
  code: string,
): Promise<CodeGrant | undefined> {
  const row = await service.db
    .deleteFrom('authorization_codes')
    .where('code_hash', '=', hash(code))
    .returningAll()
    .executeTakeFirst();
  if (row === undefined || row.expires_at <= service.options.now().getTime()) return undefined;
  return {
    userId: row.user_id,
    redirectUri: row.redirect_uri,
    codeChallenge: row.code_challenge,
    scope: row.scope,
  };
}
