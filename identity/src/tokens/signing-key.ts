import { createHash, randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, importJWK, type JWK, type CryptoKey } from 'jose';
import { sql, type Kysely } from 'kysely';
import type { IdentityDatabase } from '../db/schema';

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  /** A server secret derived from the private key, for values that must be stable yet unguessable. */
  pepper: Buffer;
  /** The public half as served in the JWKS. */
  publicJwk: JWK;
}

/**
 * The RS256 key pair tokens are signed with: made on first start and kept in the database, so
 * tokens issued before a restart still verify after it.
 */
export async function loadOrCreateSigningKey(
  db: Kysely<IdentityDatabase>,
  now: Date,
): Promise<SigningKey> {
  // The first key stored wins: when connections (plugin, hosted UI, CLI) race on first start and
  // each inserts one, every racer reads again after its own insert and finds the same lowest
  // rowid (inserts are serialized, so rowids follow commit order; clocks may disagree).
  const oldest = () =>
    db
      .selectFrom('signing_keys')
      .selectAll()
      .orderBy(sql`rowid`)
      .executeTakeFirst();
  const stored = await oldest();
  if (stored !== undefined) return fromPrivateJwk(stored.kid, JSON.parse(stored.private_jwk));

  const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  await db
    .insertInto('signing_keys')
    .values({
      kid: randomUUID(),
      private_jwk: JSON.stringify(await exportJWK(privateKey)),
      created_at: now.getTime(),
    })
    .execute();
  const chosen = await oldest();
  if (chosen === undefined) throw new Error('identity: signing key was not stored');
  return fromPrivateJwk(chosen.kid, JSON.parse(chosen.private_jwk));
}

async function fromPrivateJwk(kid: string, privateJwk: JWK): Promise<SigningKey> {
  const { kty, n, e } = privateJwk;
  const publicJwk: JWK = { kty, n, e, kid, alg: 'RS256', use: 'sig' };
  const privateKey = (await importJWK(privateJwk, 'RS256')) as CryptoKey;
  const publicKey = (await importJWK(publicJwk, 'RS256')) as CryptoKey;
  const pepper = createHash('sha256').update(`pepper:${privateJwk.d}`).digest();
  return { kid, privateKey, publicKey, publicJwk, pepper };
}
