import type { IdentityService } from '../service';
import { N, hexToBigInt, padHex } from '../srp/srp-group';
import type { PasswordVerifier } from '../srp/password-verifier';
import type { UserRow } from '../users/user-row';
import { pepperedHash, resolveUsername } from './username-subject';

/**
 * Whom a sign-in addresses, with the SRP values to check the password against. For a name no
 * user has, and for a user without a password (Google only), those values are a decoy's: stable,
 * full-sized and never matching, so the password work done is the same whoever is asked for.
 */
interface PasswordHolder extends PasswordVerifier {
  /** The key failed attempts are counted under (see `UsernameSubject`). */
  subject: string;
  /** The account a correct password opens; undefined when nothing can be opened. */
  account: UserRow | undefined;
  /** Whether any user goes by the name; told only when user-existence errors are not prevented. */
  exists: boolean;
  /** SRP's USER_ID_FOR_SRP: the user's uuid, or the decoy's. */
  userIdForSrp: string;
}

export async function findPasswordHolder(
  service: IdentityService,
  username: string,
): Promise<PasswordHolder> {
  const { user, subject } = await resolveUsername(service, username);
  if (user !== undefined && user.srp_salt !== null && user.srp_verifier !== null) {
    return {
      subject,
      account: user,
      exists: true,
      userIdForSrp: user.id,
      salt: user.srp_salt,
      verifier: user.srp_verifier,
    };
  }
  // `subject` is the user's uuid or the decoy's: either way the id SRP answers with.
  return {
    subject,
    account: undefined,
    exists: user !== undefined,
    userIdForSrp: subject,
    ...decoyVerifier(service, subject),
  };
}

/** Cognito's "same salt for the same user name" (RFC 5054 §2.5.1.3), plus a verifier of real size. */
function decoyVerifier(service: IdentityService, decoyId: string): PasswordVerifier {
  const salt = pepperedHash(service, 'decoy-salt', decoyId).subarray(0, 16).toString('hex');
  const blocks = Array.from({ length: 12 }, (_, i) =>
    pepperedHash(service, `decoy-verifier-${i}`, decoyId),
  );
  const verifier = hexToBigInt(Buffer.concat(blocks).toString('hex')) % N;
  return { salt, verifier: padHex(verifier) };
}
