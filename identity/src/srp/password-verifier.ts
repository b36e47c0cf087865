import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { N, g, hashHex, hexToBigInt, modPow, padHex } from './srp-group';

/** What the pool stores instead of a password: the SRP salt and verifier, both hex. */
export interface PasswordVerifier {
  salt: string;
  verifier: string;
}

/** x = H(PAD(salt) | SHA256(poolName | userIdForSrp | ":" | password)), as aws-amplify computes it. */
function privateKeyX(
  poolName: string,
  userIdForSrp: string,
  password: string,
  salt: string,
): bigint {
  const identityHash = createHash('sha256')
    .update(`${poolName}${userIdForSrp}:${password}`, 'utf8')
    .digest('hex');
  return hexToBigInt(hashHex(padHex(hexToBigInt(salt)) + identityHash));
}

export function createPasswordVerifier(
  poolName: string,
  userIdForSrp: string,
  password: string,
): PasswordVerifier {
  const salt = randomBytes(16).toString('hex');
  const x = privateKeyX(poolName, userIdForSrp, password, salt);
  return { salt, verifier: padHex(modPow(g, x, N)) };
}

/** For USER_PASSWORD_AUTH and ChangePassword: recompute the verifier and compare in constant time. */
export function passwordMatches(
  poolName: string,
  userIdForSrp: string,
  password: string,
  stored: PasswordVerifier,
): boolean {
  const x = privateKeyX(poolName, userIdForSrp, password, stored.salt);
  const candidate = Buffer.from(padHex(modPow(g, x, N)), 'hex');
  const expected = Buffer.from(stored.verifier, 'hex');
  return candidate.length === expected.length && timingSafeEqual(candidate, expected);
}
