import { openIdentityDatabase, openIdentitySqlite } from '../db/database';

/** What a host that verifies the pool's tokens itself asks before accepting one. */
export interface TokenRevocations {
  /**
   * Whether the session a token belongs to (its `origin_jti`) has ended: signed out there
   * (RevokeToken), everywhere (GlobalSignOut), by a password change or reset elsewhere, or
   * unknown (its refresh token expired and was removed, its user deleted). Synchronous: one
   * indexed read, answered in the same tick, on every request.
   */
  isRevoked(originJti: string): boolean;
  close(): Promise<void>;
}

/**
 * The pool's sessions read straight from its data directory, on a connection of their own, so a
 * host process (the api) refuses a signed-out token at its next request, whichever process
 * sharing the directory signed it out.
 */
export async function openTokenRevocations(dataDir: string): Promise<TokenRevocations> {
  const sqlite = openIdentitySqlite(dataDir);
  // Migrates a fresh pool, so the table exists before the pool's own plugin has opened it.
  const db = await openIdentityDatabase(dataDir, sqlite);
  const revokedAt = sqlite.prepare('SELECT revoked_at FROM refresh_tokens WHERE id = ?').pluck();
  return {
    isRevoked(originJti) {
      const value = revokedAt.get(originJti) as number | null | undefined;
      return value !== null;
    },
    close: () => db.destroy(),
  };
}
