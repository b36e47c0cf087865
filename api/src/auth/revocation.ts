import type { TokenIdentity } from './token-verifier';

/**
 * Whether a token whose signature and expiry are fine belongs to a session that has ended
 * (signed out, revoked, password changed). A boolean when known at once, else a promise.
 */
export type RevocationCheck = (
  identity: Readonly<TokenIdentity>,
  token: string,
) => boolean | Promise<boolean>;

/** What the embedded identity service tells about a session (see `openTokenRevocations`). */
export interface SessionRevocations {
  isRevoked(originJti: string): boolean;
}

/**
 * The embedded identity service shares the data directory: every request asks it (one indexed
 * read), so a session signed out anywhere is refused at the api's next request. Its tokens
 * always carry `origin_jti`; one without is not a session of this pool.
 */
export function embeddedRevocationCheck(sessions: SessionRevocations): RevocationCheck {
  return (identity) => identity.originJti === undefined || sessions.isRevoked(identity.originJti);
}

export interface PoolRevocationOptions {
  /** The user-pool API, e.g. `https://cognito-idp.<region>.amazonaws.com/`. */
  endpoint: string;
  /** A session is asked about at most this often. */
  intervalMs: number;
  now?: () => number;
  log?: { warn(object: object, message: string): void };
}

/** Sessions remembered at once; the oldest answer is forgotten first (it is asked again). */
const MAX_SESSIONS = 10_000;

interface Answer {
  at: number;
  revoked: boolean;
}

/**
 * Amazon Cognito (or another user-pool endpoint) tells about a session only to its access token:
 * GetUser answers NotAuthorizedException once the token's session has ended. Each session is
 * asked at most every `intervalMs`, on a request that carries its access token; an ended session
 * refuses its id tokens too from then on. An id token alone cannot be asked about: it is refused
 * once a request with an access token of its session found the session ended. A pool that
 * cannot be reached (an outage, throttling) is not a reason to refuse anyone: the answer waits
 * for the next interval.
 */
export function poolRevocationCheck({
  endpoint,
  intervalMs,
  now = () => Date.now(),
  log,
}: PoolRevocationOptions): RevocationCheck {
  const answers = new Map<string, Answer>();
  const asking = new Map<string, Promise<boolean>>();

  function remember(session: string, answer: Answer) {
    answers.delete(session);
    answers.set(session, answer);
    if (answers.size > MAX_SESSIONS) answers.delete(answers.keys().next().value as string);
  }

  async function ask(session: string, accessToken: string): Promise<boolean> {
    let revoked = false;
    try {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-amz-json-1.1',
          'x-amz-target': 'AWSCognitoIdentityProviderService.GetUser',
        },
        body: JSON.stringify({ AccessToken: accessToken }),
        signal: AbortSignal.timeout(5000),
      });
      const body = (await response.json().catch(() => ({}))) as { __type?: string };
      const type = response.headers.get('x-amzn-errortype') ?? body.__type ?? '';
      revoked = !response.ok && type.includes('NotAuthorizedException');
      if (!response.ok && !revoked) log?.warn({ status: response.status, type }, 'GetUser failed');
    } catch (error) {
      log?.warn({ err: error }, 'the user pool could not be asked about a session');
    }
    remember(session, { at: now(), revoked });
    return revoked;
  }

  return (identity, token) => {
    const session = identity.originJti;
    if (session === undefined) return false;
    const known = answers.get(session);
    if (known?.revoked) return true;
    if (identity.tokenUse !== 'access' || (known && now() - known.at < intervalMs)) return false;
    let pending = asking.get(session);
    if (!pending) {
      pending = ask(session, token).finally(() => asking.delete(session));
      asking.set(session, pending);
    }
    return pending;
  };
}
