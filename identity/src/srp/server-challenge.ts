import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { N, g, hashHex, hexToBigInt, k, modPow, padHex } from './srp-group';

/** The server's half of one SRP exchange, kept between InitiateAuth and PASSWORD_VERIFIER. */
interface ServerChallenge {
  /** Private ephemeral b, hex. */
  b: string;
  /** Public ephemeral B, hex (sent as SRP_B). */
  B: string;
}

export function createServerChallenge(verifierHex: string): ServerChallenge {
  const v = hexToBigInt(verifierHex);
  for (;;) {
    const b = hexToBigInt(randomBytes(32).toString('hex'));
    const B = (k * v + modPow(g, b, N)) % N;
    // A zero B would let the client skip the password; vanishingly rare, but cheap to exclude.
    if (B !== 0n) return { b: b.toString(16), B: B.toString(16) };
  }
}

/** SRP-6a requires refusing A ≡ 0 (mod N): such an A forces S = 0 whatever the password. */
export function isValidClientPublic(srpA: string): boolean {
  return /^[0-9a-fA-F]+$/.test(srpA) && hexToBigInt(srpA) % N !== 0n;
}

/** The 16-byte key both sides derive: HKDF-SHA256 over S with u as salt, Cognito's info string. */
export function sessionKey(srpA: string, challenge: ServerChallenge, verifierHex: string): Buffer {
  const A = hexToBigInt(srpA);
  const B = hexToBigInt(challenge.B);
  const u = hexToBigInt(hashHex(padHex(A) + padHex(B)));
  const v = hexToBigInt(verifierHex);
  const S = modPow((A * modPow(v, u, N)) % N, hexToBigInt(challenge.b), N);
  const prk = createHmac('sha256', Buffer.from(padHex(u), 'hex'))
    .update(Buffer.from(padHex(S), 'hex'))
    .digest();
  return createHmac('sha256', prk)
    .update(Buffer.concat([Buffer.from('Caldera Derived Key', 'utf8'), Buffer.from([1])]))
    .digest()
    .subarray(0, 16);
}

/** Checks PASSWORD_CLAIM_SIGNATURE = base64(HMAC(key, poolName | userId | secretBlock | timestamp)). */
export function signatureMatches(
  key: Buffer,
  claim: { poolName: string; userIdForSrp: string; secretBlock: string; timestamp: string },
  signature: string,
): boolean {
  const expected = createHmac('sha256', key)
    .update(
      Buffer.concat([
        Buffer.from(claim.poolName, 'utf8'),
        Buffer.from(claim.userIdForSrp, 'utf8'),
        Buffer.from(claim.secretBlock, 'base64'),
        Buffer.from(claim.timestamp, 'utf8'),
      ]),
    )
    .digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
