import { createHash, timingSafeEqual } from 'node:crypto';

/** RFC 7636: 43-128 characters of the unreserved set, for verifier and S256 challenge alike. */
const PKCE_VALUE = /^[A-Za-z0-9\-._~]{43,128}$/;

export function isPkceValue(value: string | undefined): value is string {
  return value !== undefined && PKCE_VALUE.test(value);
}

export function verifierMatchesChallenge(verifier: string, challenge: string): boolean {
  const computed = Buffer.from(createHash('sha256').update(verifier, 'ascii').digest('base64url'));
  const expected = Buffer.from(challenge);
  return computed.length === expected.length && timingSafeEqual(computed, expected);
}
