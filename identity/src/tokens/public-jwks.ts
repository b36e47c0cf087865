import type { JSONWebKeySet } from 'jose';
import { openIdentityDatabase } from '../db/database';
import { loadOrCreateSigningKey } from './signing-key';

/**
 * The pool's public keys straight from its data directory, for a host process that verifies
 * tokens in-process (jose's `createLocalJWKSet`) instead of fetching its own JWKS over HTTP.
 */
export async function readPublicJwks(dataDir: string): Promise<JSONWebKeySet> {
  const db = await openIdentityDatabase(dataDir);
  try {
    const key = await loadOrCreateSigningKey(db, new Date());
    return { keys: [key.publicJwk] };
  } finally {
    await db.destroy();
  }
}
