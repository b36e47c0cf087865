import { Secret, TOTP } from 'otpauth';

const PERIOD_SECONDS = 30;

/** A new authenticator secret, base32 as Cognito's SecretCode (RFC 6238, SHA-1, 6 digits, 30 s). */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/**
 * The time step `code` belongs to, or undefined when it matches none. One step of clock skew
 * either side is allowed, as authenticator apps drift.
 */
export function totpCodeStep(secret: string, code: string, now: Date): number | undefined {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: PERIOD_SECONDS });
  const delta = totp.validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return undefined;
  return Math.floor(now.getTime() / 1000 / PERIOD_SECONDS) + delta;
}

/**
 * RFC 6238 §5.2: a code is accepted once. `lastStep` is the step of the last accepted code; a
 * code from that step or an earlier one is refused, so a captured code cannot be replayed.
 */
export function freshTotpStep(
  secret: string,
  code: string,
  now: Date,
  lastStep: number | null,
): number | undefined {
  const step = totpCodeStep(secret, code, now);
  return step !== undefined && (lastStep === null || step > lastStep) ? step : undefined;
}
