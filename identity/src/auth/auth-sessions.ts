import { randomBytes } from 'node:crypto';
import { CognitoError } from '../errors';
import type { IdentityService } from '../service';

/** A challenge answer must come within Cognito's 3 minutes (the client keeps its state as long). */
const SESSION_LIFETIME_MS = 3 * 60_000;

type ChallengeName =
  | 'PASSWORD_VERIFIER'
  | 'NEW_PASSWORD_REQUIRED'
  | 'SOFTWARE_TOKEN_MFA'
  | 'EMAIL_OTP'
  | 'SELECT_MFA_TYPE'
  | 'MFA_SETUP';

interface AuthSession<State> {
  id: string;
  userId: string;
  state: State;
}

/** A PASSWORD_VERIFIER session, which belongs to no user when it answers a decoy challenge. */
interface PasswordVerifierSession<State> extends Omit<AuthSession<State>, 'userId'> {
  userId: string | null;
}

export async function createAuthSession(
  service: IdentityService,
  userId: string | null,
  challenge: ChallengeName,
  state: object = {},
): Promise<string> {
  const id = randomBytes(64).toString('base64url');
  await service.db
    .insertInto('auth_sessions')
    .values({
      id,
      user_id: userId,
      challenge,
      state: JSON.stringify(state),
      expires_at: service.options.now().getTime() + SESSION_LIFETIME_MS,
    })
    .execute();
  return id;
}

const invalidSession = () =>
  new CognitoError('NotAuthorizedException', 'Invalid session for the user, session is expired.');

/** The live session answering `challenge`; it stays until `endAuthSession` so a typo can be retried. */
export async function readAuthSession<State>(
  service: IdentityService,
  sessionId: string | undefined,
  challenge: Exclude<ChallengeName, 'PASSWORD_VERIFIER'>,
): Promise<AuthSession<State>> {
  const session = await readSession<State>(service, sessionId, challenge);
  if (session.userId === null) throw invalidSession();
  return { ...session, userId: session.userId };
}

export function readPasswordVerifierSession<State>(
  service: IdentityService,
  sessionId: string,
): Promise<PasswordVerifierSession<State>> {
  return readSession<State>(service, sessionId, 'PASSWORD_VERIFIER');
}

async function readSession<State>(
  service: IdentityService,
  sessionId: string | undefined,
  challenge: ChallengeName,
): Promise<PasswordVerifierSession<State>> {
  if (sessionId === undefined) throw invalidSession();
  const row = await service.db
    .selectFrom('auth_sessions')
    .selectAll()
    .where('id', '=', sessionId)
    .executeTakeFirst();
  if (
    row === undefined ||
    row.challenge !== challenge ||
    row.expires_at <= service.options.now().getTime()
  ) {
    throw invalidSession();
  }
  return { id: row.id, userId: row.user_id, state: JSON.parse(row.state) as State };
}

export async function endAuthSession(service: IdentityService, sessionId: string): Promise<void> {
  await service.db.deleteFrom('auth_sessions').where('id', '=', sessionId).execute();
}

export async function saveAuthSessionState(
  service: IdentityService,
  sessionId: string,
  state: object,
): Promise<void> {
  await service.db
    .updateTable('auth_sessions')
    .set({ state: JSON.stringify(state) })
    .where('id', '=', sessionId)
    .execute();
}
