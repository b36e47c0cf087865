/** Timestamps are epoch milliseconds: compared with the injectable clock, never with SQL `now`. */
type EpochMs = number;

export type UserStatus =
  'UNCONFIRMED' | 'CONFIRMED' | 'FORCE_CHANGE_PASSWORD' | 'EXTERNAL_PROVIDER';

export interface UsersTable {
  /** uuid: the `sub`, and Cognito's internal username when e-mail is the sign-in name. */
  id: string;
  /** Lower-cased: sign-in by e-mail is case-insensitive. */
  email: string;
  email_verified: number;
  /**
   * A new address asked for by UpdateUserAttributes: it becomes `email` (the sign-in name) only
   * once VerifyUserAttribute proves it, as Cognito does for attributes that require verification
   * before update. Until then nobody can claim an address they cannot read.
   */
  pending_email: string | null;
  status: UserStatus;
  /** Other attributes (name, picture, custom:*) as a JSON object of strings. */
  attributes: string;
  srp_salt: string | null;
  srp_verifier: string | null;
  is_admin: number;
  google_sub: string | null;
  /** Set by AssociateSoftwareToken, moved to totp_secret once a code from it is verified. */
  totp_pending_secret: string | null;
  totp_secret: string | null;
  /** The 30-second step of the last accepted authenticator code: a code works only once. */
  totp_last_step: number | null;
  totp_enabled: number;
  email_mfa_enabled: number;
  preferred_mfa: string | null;
  created_at: EpochMs;
  updated_at: EpochMs;
}

export type CodePurpose = 'sign_up' | 'reset_password' | 'verify_email' | 'email_mfa';

export interface CodesTable {
  /** The user's id, or the decoy id of an unknown username (see `auth/username-subject.ts`). */
  subject: string;
  purpose: CodePurpose;
  /** SHA-256 of the code: a database leak does not hand out live codes. */
  code_hash: string;
  expires_at: EpochMs;
  failed_attempts: number;
}

export interface OutboxTable {
  id: string;
  to_address: string;
  subject: string;
  body: string;
  created_at: EpochMs;
}

export interface RefreshTokensTable {
  /** The `origin_jti` of every access and id token minted from this refresh token. */
  id: string;
  token_hash: string;
  user_id: string;
  client_id: string;
  scope: string;
  auth_time: number;
  created_at: EpochMs;
  expires_at: EpochMs;
  revoked_at: EpochMs | null;
}

export interface AuthSessionsTable {
  id: string;
  /** Null for a decoy challenge: the username names no user with a password. */
  user_id: string | null;
  challenge: string;
  /** Challenge-specific JSON (SRP ephemeral, TOTP secret being set up, ...). */
  state: string;
  expires_at: EpochMs;
}

/** Failed sign-ins per subject and source (client address): what throttling counts. */
export interface PasswordAttemptsTable {
  subject: string;
  source: string;
  /** Failures counted toward the next lock; attempts refused while locked are not counted. */
  failures: number;
  locked_until: EpochMs | null;
  /** Any attempt, refused ones included: only 15 quiet minutes start the count over. */
  last_attempt_at: EpochMs;
  last_failure_at: EpochMs | null;
  /** The last correct password from this source: the owner's own sources are not throttled with strangers'. */
  last_success_at: EpochMs | null;
}

/** One row per unauthenticated code request (ForgotPassword, ResendConfirmationCode). */
export interface CodeRequestsTable {
  subject: string;
  requested_at: EpochMs;
}

/** One row per mail-sending request (SignUp, ForgotPassword, ...) from a client address. */
export interface MailRequestsTable {
  source: string;
  requested_at: EpochMs;
}

export interface SigningKeysTable {
  kid: string;
  private_jwk: string;
  created_at: EpochMs;
}

/** A hosted-UI sign-in waiting for Google's answer, keyed by the state we sent Google. */
export interface UpstreamRequestsTable {
  state: string;
  nonce: string;
  /** Our PKCE verifier towards Google. */
  code_verifier: string;
  /** The app's redirect_uri, state and PKCE challenge, for when Google answers. */
  redirect_uri: string;
  client_state: string | null;
  code_challenge: string;
  scope: string;
  expires_at: EpochMs;
}

export interface AuthorizationCodesTable {
  code_hash: string;
  user_id: string;
  redirect_uri: string;
  code_challenge: string;
  scope: string;
  expires_at: EpochMs;
}

export interface IdentityDatabase {
  users: UsersTable;
  codes: CodesTable;
  outbox: OutboxTable;
  refresh_tokens: RefreshTokensTable;
  auth_sessions: AuthSessionsTable;
  password_attempts: PasswordAttemptsTable;
  code_requests: CodeRequestsTable;
  mail_requests: MailRequestsTable;
  signing_keys: SigningKeysTable;
  upstream_requests: UpstreamRequestsTable;
  authorization_codes: AuthorizationCodesTable;
}
