import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { clearPasswordAttempts } from '../auth/password-attempts';
import { assertPasswordPolicy } from '../auth/password-policy';
import type { IdentityService } from '../service';
import { createPasswordVerifier } from '../srp/password-verifier';
import { revokeUserRefreshTokens } from '../tokens/refresh-tokens';
import { findUserByUsername, insertUser, updateUser } from '../users/user-store';
import type { UserRow } from '../users/user-row';

/** Letters and digits only, so it survives being read out of a mail or a terminal. */
function generatedPassword(): string {
  return randomBytes(12).toString('base64url').replace(/[-_]/g, 'x');
}

function invitation(email: string, password: string) {
  return {
    to: email,
    subject: 'Your temporary password',
    text: `Your username is ${email} and temporary password is ${password}`,
  };
}

async function requireUser(service: IdentityService, email: string): Promise<UserRow> {
  const user = await findUserByUsername(service.db, email);
  if (user === undefined) throw new Error(`No user with e-mail ${email}`);
  return user;
}

/**
 * Cognito's AdminCreateUser: the operator vouches for the address, the user must choose a new
 * password at first sign-in (NEW_PASSWORD_REQUIRED). Returns the temporary password.
 */
export async function createUserWithTemporaryPassword(
  service: IdentityService,
  input: { email: string; name: string; temporaryPassword?: string; admin?: boolean },
  log: FastifyBaseLogger,
): Promise<{ userId: string; temporaryPassword: string }> {
  const email = input.email.trim().toLowerCase();
  if ((await findUserByUsername(service.db, email)) !== undefined) {
    throw new Error(`A user with e-mail ${email} already exists`);
  }
  const temporaryPassword = input.temporaryPassword ?? generatedPassword();
  assertPasswordPolicy(temporaryPassword);
  const now = service.options.now();
  const user = await insertUser(
    service.db,
    {
      email,
      emailVerified: true,
      status: 'FORCE_CHANGE_PASSWORD',
      attributes: { name: input.name },
      verifierFor: (id) => createPasswordVerifier(service.options.poolName, id, temporaryPassword),
    },
    now,
  );
  if (input.admin) await updateUser(service.db, user.id, { is_admin: 1 }, now);
  await service.sendMail(invitation(email, temporaryPassword), log);
  return { userId: user.id, temporaryPassword };
}

/** AdminSetUserPassword with Permanent=false: signs the user out and forces a new password. */
export async function setTemporaryPassword(
  service: IdentityService,
  input: { email: string; temporaryPassword?: string },
  log: FastifyBaseLogger,
): Promise<{ temporaryPassword: string }> {
  const user = await requireUser(service, input.email);
  const temporaryPassword = input.temporaryPassword ?? generatedPassword();
  assertPasswordPolicy(temporaryPassword);
  const verifier = createPasswordVerifier(service.options.poolName, user.id, temporaryPassword);
  await updateUser(
    service.db,
    user.id,
    {
      status: 'FORCE_CHANGE_PASSWORD',
      srp_salt: verifier.salt,
      srp_verifier: verifier.verifier,
    },
    service.options.now(),
  );
  await clearPasswordAttempts(service, user.id);
  await revokeUserRefreshTokens(service, user.id);
  await service.sendMail(invitation(user.email, temporaryPassword), log);
  return { temporaryPassword };
}

/** Admins get `cognito:groups: ["admin"]` in their tokens from their next sign-in or refresh. */
export async function setAdmin(
  service: IdentityService,
  email: string,
  admin: boolean,
): Promise<void> {
  const user = await requireUser(service, email);
  await updateUser(service.db, user.id, { is_admin: admin ? 1 : 0 }, service.options.now());
}
