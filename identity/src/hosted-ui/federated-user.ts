import type { IdentityService } from '../service';
import {
  findUserByGoogleSub,
  findUserById,
  findUserByUsername,
  insertUser,
  updateUser,
} from '../users/user-store';
import type { UserRow } from '../users/user-row';
import type { UpstreamIdentity } from './google-upstream';

export class FederationRefused extends Error {}

/**
 * The pool user for a Google identity: the one already linked to the Google subject; else the
 * account with the same e-mail when Google vouches for that address; else a new account.
 */
export async function userForGoogleIdentity(
  service: IdentityService,
  identity: UpstreamIdentity,
): Promise<UserRow> {
  const { db } = service;
  const now = service.options.now();
  const linked = await findUserByGoogleSub(db, identity.sub);
  if (linked !== undefined) return linked;
  if (identity.email === undefined) {
    throw new FederationRefused('Google did not share an e-mail address, which this pool requires');
  }
  const existing = await findUserByUsername(db, identity.email);
  if (existing !== undefined) {
    if (!identity.emailVerified) {
      throw new FederationRefused(
        'An account with this e-mail exists and Google has not verified it',
      );
    }
    // An unconfirmed sign-up, or an account that never proved this address, could be someone
    // else's claim on it: its password is dropped, so only the mailbox owner (now proven by
    // Google) keeps access.
    const unproven = existing.status === 'UNCONFIRMED' || existing.email_verified !== 1;
    await updateUser(
      db,
      existing.id,
      {
        google_sub: identity.sub,
        email_verified: 1,
        ...(unproven ? { status: 'CONFIRMED' as const, srp_salt: null, srp_verifier: null } : {}),
      },
      now,
    );
    const updated = await findUserById(db, existing.id);
    if (updated === undefined) throw new FederationRefused('The account disappeared while linking');
    return updated;
  }
  const attributes: Record<string, string> = {
    name: identity.name ?? identity.email.split('@')[0] ?? identity.email,
  };
  if (identity.picture !== undefined) attributes.picture = identity.picture;
  return insertUser(
    db,
    {
      email: identity.email,
      emailVerified: identity.emailVerified,
      status: 'EXTERNAL_PROVIDER',
      attributes,
      googleSub: identity.sub,
    },
    now,
  );
}
