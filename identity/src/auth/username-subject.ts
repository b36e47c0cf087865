import { createHmac } from 'node:crypto';
import type { IdentityService } from '../service';
import type { UserRow } from '../users/user-row';
import { findUserByUsername } from '../users/user-store';

/**
 * What a typed username stands for. `subject` is the key every limit and code is kept under:
 * the user's id, or for a name no user has, the decoy id the pool answers SRP with. Because an
 * unknown name has a subject too, it meets the same limits, codes and work as a real one, and
 * answers cannot tell the two apart.
 */
export interface UsernameSubject {
  user: UserRow | undefined;
  subject: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export async function resolveUsername(
  service: IdentityService,
  username: string,
): Promise<UsernameSubject> {
  const user = await findUserByUsername(service.db, username);
  return { user, subject: user?.id ?? decoyUserId(service, username) };
}

/**
 * The uuid an unknown username is given, stable per name, shaped like the random (v4) uuids real
 * users get. A uuid typed as a username stands for itself, as a real user's uuid does: asking by
 * the decoy id an e-mail was given then meets that e-mail's limits.
 */
function decoyUserId(service: IdentityService, username: string): string {
  const name = username.trim().toLowerCase();
  if (UUID.test(name)) return name;
  const hex = pepperedHash(service, 'decoy-id', name).toString('hex');
  const variant = '89ab'[Number.parseInt(hex.slice(16, 17), 16) % 4];
  const part = (from: number, to: number) => hex.slice(from, to);
  return `${part(0, 8)}-${part(8, 12)}-4${part(13, 16)}-${variant}${part(17, 20)}-${part(20, 32)}`;
}

/** HMAC under the pool's secret pepper: stable for the same input, unguessable without the key. */
export function pepperedHash(service: IdentityService, label: string, value: string): Buffer {
  return createHmac('sha256', service.signingKey.pepper).update(`${label}:${value}`).digest();
}
