import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { LRUCache } from 'lru-cache';

export interface TokenIdentity {
  sub: string;
  tokenUse: 'id' | 'access';
  /** The session (refresh token) the token was minted from, when the issuer says. */
  originJti?: string;
  /** Only id tokens carry the profile claims. */
  email?: string;
  emailVerified?: boolean;
  name?: string;
}

/** Raised for anything wrong with the token itself; a JWKS outage is not the client's fault. */
export class InvalidTokenError extends Error {}

const CLIENT_ERRORS = [
  errors.JWTExpired,
  errors.JWTClaimValidationFailed,
  errors.JWTInvalid,
  errors.JWSInvalid,
  errors.JWSSignatureVerificationFailed,
  errors.JWKSNoMatchingKey,
  errors.JWKSMultipleMatchingKeys,
  errors.JOSEAlgNotAllowed,
  errors.JOSENotSupported,
];

/**
 * Verified tokens kept, each only until its `exp`: a browser sends the same token with every
 * request for up to an hour, and the RS256 check would otherwise be a large part of each one.
 * Bounded, so a flood of distinct valid tokens costs at most this many entries.
 */
const VERIFIED_TOKEN_CACHE_SIZE = 5000;

/** Three base64url parts: anything else is refused before any work. */
const JWT_SHAPE = /^[\w-]+\.[\w-]+\.[\w-]+$/;

interface VerifiedToken {
  identity: Readonly<TokenIdentity>;
  /** `exp` in milliseconds: from then on the token is refused like any expired one. */
  expiresAt: number;
}

export interface TokenVerifierOptions {
  issuer: string;
  clientId: string;
  /** The signing keys; default `<issuer>/.well-known/jwks.json`. */
  keys?: JWTVerifyGetKey;
  /** The clock, for tests. */
  now?: () => number;
  cacheSize?: number;
}

/**
 * Cognito semantics: id tokens name the app client in `aud`, access tokens in `client_id`; both
 * are RS256 and signed by a key in `<issuer>/.well-known/jwks.json` (fetched once, cached, and
 * refetched when a token names an unknown key, so key rotation needs no restart).
 */
export type TokenVerifier = (token: string) => Promise<Readonly<TokenIdentity>>;

export function createTokenVerifier({
  issuer,
  clientId,
  keys = createRemoteJWKSet(new URL(`${issuer}/.well-known/jwks.json`)),
  now = Date.now,
  cacheSize = VERIFIED_TOKEN_CACHE_SIZE,
}: TokenVerifierOptions): TokenVerifier {
  const verified = new LRUCache<string, VerifiedToken>({ max: cacheSize });

  async function verify(token: string): Promise<VerifiedToken> {
    if (!JWT_SHAPE.test(token)) throw new InvalidTokenError('not a JSON Web Token');
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, keys, {
        issuer,
        algorithms: ['RS256'],
        requiredClaims: ['sub', 'exp', 'iat', 'token_use'],
        currentDate: new Date(now()),
      }));
    } catch (error) {
      if (CLIENT_ERRORS.some((type) => error instanceof type)) {
        throw new InvalidTokenError((error as Error).message, { cause: error });
      }
      throw error;
    }
    const tokenUse = payload.token_use;
    if (tokenUse === 'id') {
      const audience = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
      if (!audience.includes(clientId)) throw new InvalidTokenError('aud is not this client');
    } else if (tokenUse === 'access') {
      if (payload.client_id !== clientId)
        throw new InvalidTokenError('client_id is not this client');
    } else {
      throw new InvalidTokenError('token_use must be id or access');
    }
    const identity: TokenIdentity = { sub: payload.sub as string, tokenUse };
    if (typeof payload.origin_jti === 'string') identity.originJti = payload.origin_jti;
    if (tokenUse === 'id') {
      if (typeof payload.email === 'string') identity.email = payload.email;
      if (typeof payload.name === 'string') identity.name = payload.name;
      // Cognito sends a boolean in tokens (a string only in GetUser attributes).
      identity.emailVerified = payload.email_verified === true || payload.email_verified === 'true';
    }
    return {
      identity: Object.freeze(identity),
      expiresAt: (payload.exp as number) * 1000,
    };
  }

  return async function verifyToken(token) {
    const cached = verified.get(token);
    if (cached && now() < cached.expiresAt) return cached.identity;
    const result = await verify(token);
    verified.set(token, result);
    return result.identity;
  };
}
