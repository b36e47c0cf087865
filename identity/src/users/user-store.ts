import { randomUUID } from 'node:crypto';
import type { Kysely, Updateable } from 'kysely';
import type { IdentityDatabase, UserStatus, UsersTable } from '../db/schema';
import type { UserRow } from './user-row';

type Db = Kysely<IdentityDatabase>;

/** Cognito accepts the e-mail (any case) or the internal uuid username wherever a username goes. */
export async function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  const key = username.trim().toLowerCase();
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb.or([eb('email', '=', key), eb('id', '=', key)]))
    .executeTakeFirst();
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findUserByGoogleSub(db: Db, sub: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('google_sub', '=', sub).executeTakeFirst();
}

interface NewUser {
  email: string;
  emailVerified: boolean;
  status: UserStatus;
  attributes: Record<string, string>;
  /** Builds the verifier once the uuid (the SRP user id) is known. */
  verifierFor?: (userId: string) => { salt: string; verifier: string };
  googleSub?: string;
}

export async function insertUser(db: Db, user: NewUser, now: Date): Promise<UserRow> {
  const id = randomUUID();
  const verifier = user.verifierFor?.(id);
  const row: UserRow = {
    id,
    email: user.email.trim().toLowerCase(),
    email_verified: user.emailVerified ? 1 : 0,
    pending_email: null,
    status: user.status,
    attributes: JSON.stringify(user.attributes),
    srp_salt: verifier?.salt ?? null,
    srp_verifier: verifier?.verifier ?? null,
    is_admin: 0,
    google_sub: user.googleSub ?? null,
    totp_pending_secret: null,
    totp_secret: null,
    totp_last_step: null,
    totp_enabled: 0,
    email_mfa_enabled: 0,
    preferred_mfa: null,
    created_at: now.getTime(),
    updated_at: now.getTime(),
  };
  await db.insertInto('users').values(row).execute();
  return row;
}

export async function updateUser(
  db: Db,
  id: string,
  changes: Omit<Updateable<UsersTable>, 'id' | 'updated_at'>,
  now: Date,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...changes, updated_at: now.getTime() })
    .where('id', '=', id)
    .execute();
}

/** The user and everything kept for it: its codes and throttling state (by subject), and by
 * foreign key its refresh tokens, sessions and sign-in state. */
export async function deleteUser(db: Db, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('codes').where('subject', '=', id).execute();
    await trx.deleteFrom('code_requests').where('subject', '=', id).execute();
    await trx.deleteFrom('password_attempts').where('subject', '=', id).execute();
    await trx.deleteFrom('users').where('id', '=', id).execute();
  });
}

export function userAttributes(user: UserRow): Record<string, string> {
  return JSON.parse(user.attributes) as Record<string, string>;
}

/** GetUser's attribute list: every value a string, as Cognito sends them. */
export function attributeList(
  user: UserRow,
  attributes: Record<string, string>,
): { Name: string; Value: string }[] {
  const list = [
    { Name: 'sub', Value: user.id },
    { Name: 'email', Value: user.email },
    { Name: 'email_verified', Value: user.email_verified === 1 ? 'true' : 'false' },
  ];
  for (const [Name, Value] of Object.entries(attributes)) list.push({ Name, Value });
  return list;
}
