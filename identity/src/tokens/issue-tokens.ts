import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import type { IdentityService } from '../service';
import { declaredAttributes } from '../users/attribute-schema';
import type { UserRow } from '../users/user-row';

/** Access and id tokens live one hour, as in a default Cognito app client. */
const TOKEN_LIFETIME_SECONDS = 3600;

/** Scope of tokens from the Cognito API (SRP/password sign-in), as Cognito sets it. */
export const API_SIGN_IN_SCOPE = 'aws.cognito.signin.user.admin';

interface TokenGrant {
  /** The refresh-token family the tokens belong to: their `origin_jti`. */
  originJti: string;
  clientId: string;
  scope: string;
  /** Seconds since epoch of the sign-in that started the family. */
  authTime: number;
}

export interface IssuedTokens {
  AccessToken: string;
  IdToken: string;
  ExpiresIn: number;
  TokenType: 'Bearer';
}

export async function issueTokens(
  service: IdentityService,
  user: UserRow,
  grant: TokenGrant,
): Promise<IssuedTokens> {
  const { signingKey: key, options } = service;
  const now = options.now();
  const iat = Math.floor(now.getTime() / 1000);
  const exp = iat + TOKEN_LIFETIME_SECONDS;
  // One event id per issuance, shared by both tokens, like Cognito's sign-in event.
  const eventId = randomUUID();
  const groups = user.is_admin === 1 ? { 'cognito:groups': ['admin'] } : {};
  const sign = (claims: Record<string, unknown>) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: key.kid })
      .setSubject(user.id)
      .setIssuer(options.issuer)
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .setJti(randomUUID())
      .sign(key.privateKey);

  // Only what the schema declares: a value stored before a custom attribute was dropped stays out.
  const attributes = declaredAttributes(
    options,
    JSON.parse(user.attributes) as Record<string, string>,
  );
  // Cognito lists the linked social identities in the id token; apps use it to tell them apart.
  const identities =
    user.google_sub === null
      ? {}
      : {
          identities: [
            {
              userId: user.google_sub,
              providerName: 'Google',
              providerType: 'Google',
              issuer: null,
              primary: 'true',
              dateCreated: String(user.created_at),
            },
          ],
        };
  const [AccessToken, IdToken] = await Promise.all([
    sign({
      ...groups,
      client_id: grant.clientId,
      origin_jti: grant.originJti,
      event_id: eventId,
      token_use: 'access',
      scope: grant.scope,
      auth_time: grant.authTime,
      username: user.id,
    }),
    sign({
      ...groups,
      aud: grant.clientId,
      ...attributes,
      ...identities,
      email: user.email,
      email_verified: user.email_verified === 1,
      'cognito:username': user.id,
      origin_jti: grant.originJti,
      event_id: eventId,
      token_use: 'id',
      auth_time: grant.authTime,
    }),
  ]);
  return { AccessToken, IdToken, ExpiresIn: TOKEN_LIFETIME_SECONDS, TokenType: 'Bearer' };
}
