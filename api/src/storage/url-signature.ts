import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * HMAC-SHA256 over method, path and expiry: a signature for one file's GET cannot be replayed as
 * an upload, for another file, or after it expires.
 */
export function sign(secret: string, method: string, path: string, expires: number): string {
  return createHmac('sha256', secret).update(`${method}\n${path}\n${expires}`).digest('base64url');
}

export function verifySignature(
  secret: string,
  method: string,
  path: string,
  expires: number,
  signature: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): boolean {
  if (!Number.isSafeInteger(expires) || expires < nowSeconds) return false;
  const expected = Buffer.from(sign(secret, method, path, expires));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
